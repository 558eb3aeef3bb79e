import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** `@docusaurus/useIsBrowser`: false on the server and while hydrating, true afterwards. */
export default function useIsBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
