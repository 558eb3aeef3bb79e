import type { ReactNode } from "react";
import useIsBrowser from "./useIsBrowser";

/** `@docusaurus/BrowserOnly`: renders its children function only in the browser, after hydration. */
export default function BrowserOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  const isBrowser = useIsBrowser();
  if (!isBrowser) return <>{fallback}</>;
  return <>{children()}</>;
}
