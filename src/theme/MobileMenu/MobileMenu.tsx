import { useEffect, useState, type ComponentType } from "react";
import { useMobileMenu } from "../../client/contexts/MobileMenuContext";

let dialogModule: Promise<ComponentType> | null = null;

/** Loads the menu's code once (on intent: the toggle hovered, focused or touched; or on opening). A failed load may be retried. */
export function loadMobileMenu(): Promise<ComponentType> {
  if (!dialogModule) {
    dialogModule = import("./MobileMenuDialog").then((module) => module.default);
    dialogModule.catch(() => {
      dialogModule = null;
    });
  }
  return dialogModule;
}

/**
 * The slide-out menu of narrow screens. Most visits never open it, so its
 * code is not part of the first load: it arrives when the reader reaches for
 * the toggle, and is shown once loaded.
 */
export default function MobileMenu() {
  const menu = useMobileMenu();
  const [Dialog, setDialog] = useState<ComponentType | null>(null);
  const { shown, setShown } = menu;
  useEffect(() => {
    if (!shown || Dialog) return;
    let current = true;
    loadMobileMenu().then(
      (component) => current && setDialog(() => component),
      (error: unknown) => {
        console.error(`The navigation menu could not be loaded: ${(error as Error).message}`);
        if (current) setShown(false);
      },
    );
    return () => {
      current = false;
    };
  }, [shown, Dialog, setShown]);
  if (!menu.enabled || !Dialog) return null;
  return <Dialog />;
}
