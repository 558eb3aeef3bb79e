import { createContext } from "react";
import type { DeferredHtml } from "../../core/types";

/** The deferred HTML of the page being rendered (see src/client/deferredHtml.ts); absent for pages without any. */
export const DeferredHtmlContext = createContext<DeferredHtml | undefined>(undefined);
