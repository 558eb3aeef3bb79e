import { createContext, useContext, type Context } from "react";

const MISSING = Symbol("no provider");

/**
 * A context whose hook throws, naming the provider, when used outside it:
 * a silent default would hide the bug until some unrelated part misbehaves.
 */
export function createStrictContext<T>(providerName: string): { context: Context<T | typeof MISSING>; use: () => T } {
  const context = createContext<T | typeof MISSING>(MISSING);
  context.displayName = providerName;
  return {
    context,
    use() {
      const value = useContext(context);
      if (value === MISSING) throw new Error(`This hook must be used inside <${providerName}>; wrap the component tree in it.`);
      return value;
    },
  };
}
