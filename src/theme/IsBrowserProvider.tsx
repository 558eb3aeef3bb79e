import { startTransition, useEffect, useState, type ReactNode } from "react";
import { IsBrowserContext } from "../client/contexts/IsBrowserContext";

/**
 * Tells the components that render differently once the page is live (useIsBrowser: a sidebar
 * category's caret, the colour-mode toggle, Try it) that it has hydrated, all in one re-render that
 * is a transition, so React yields to the browser while it runs. (A store snapshot differing from
 * the server's re-rendered them synchronously after hydration: a long task on a page with a large
 * sidebar.) Once that re-render has committed, every handler is in place: the document is marked
 * hydrated for scripts and tests to wait for.
 */
export default function IsBrowserProvider({ children }: { children: ReactNode }) {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => startTransition(() => setIsBrowser(true)), []);
  useEffect(() => {
    if (isBrowser) document.documentElement.dataset.hydrated = "true";
  }, [isBrowser]);
  return <IsBrowserContext.Provider value={isBrowser}>{children}</IsBrowserContext.Provider>;
}
