import { useContext, useEffect, useState } from "react";
import { DeferredHtmlContext } from "../../client/contexts/DeferredHtmlContext";

/**
 * The deferred HTML with this key (see src/client/deferredHtml.ts). A block
 * the server did not render (say, shown later by a component) is not in the
 * document: its page's strings load then, and it renders once they are in.
 */
export function useDeferredHtml(key: number | undefined): string | undefined {
  const deferred = useContext(DeferredHtmlContext);
  if (key !== undefined && !deferred) {
    throw new Error(`A code block with deferred HTML (key ${key}) rendered outside its own page; only a route's page provides its code blocks' HTML`);
  }
  const present = key === undefined ? undefined : deferred?.strings[key];
  const [loaded, setLoaded] = useState<string>();
  useEffect(() => {
    if (key === undefined || present !== undefined || !deferred) return;
    let live = true;
    deferred.load().then(
      (strings) => live && setLoaded(strings[key]),
      (error: Error) => console.error(`The page's code could not be loaded: ${error.message}`),
    );
    return () => {
      live = false;
    };
  }, [deferred, key, present]);
  return present ?? loaded;
}
