import { createStrictContext } from "./strictContext";

export interface MobileMenuValue {
  /** False when there is nothing to show (no navbar items): the toggle is not rendered. */
  enabled: boolean;
  shown: boolean;
  setShown(shown: boolean): void;
  /** Which panel of the menu is in front. */
  panel: "primary" | "secondary";
  setPanel(panel: "primary" | "secondary"): void;
}

export const { context: MobileMenuContext, use: useMobileMenu } = createStrictContext<MobileMenuValue>("MobileMenuProvider");
