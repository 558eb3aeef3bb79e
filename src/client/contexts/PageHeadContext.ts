import { createContext } from "react";
import type { RenderedHead } from "../../core/pageHead";

/**
 * During the server render, a React page's `<Layout title description>` reports
 * them here so the page's <title> and description say what the page says. In
 * the browser there is no collector.
 */
export const PageHeadContext = createContext<((head: RenderedHead) => void) | null>(null);
