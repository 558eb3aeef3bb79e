import { createContext } from "react";

/**
 * During the build's server render, every internal link the theme renders is
 * reported here, so the link check sees links of React pages and components
 * without reading the HTML back. In the browser there is no collector.
 */
export const LinkCollectorContext = createContext<((href: string) => void) | null>(null);
