import { useContext } from "react";
import { IsBrowserContext } from "../../client/contexts/IsBrowserContext";

/** `@docusaurus/useIsBrowser`: false on the server and while hydrating, true afterwards. */
export default function useIsBrowser(): boolean {
  return useContext(IsBrowserContext);
}
