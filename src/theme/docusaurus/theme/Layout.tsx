import type { ReactNode } from "react";

/**
 * `@theme/Layout`. Our app already draws the navbar and footer around every
 * route, so a page's Layout only holds its content; title and description
 * props are for the head, which the page shell writes.
 */
export default function Layout({ children }: { children?: ReactNode; title?: string; description?: string; noFooter?: boolean; wrapperClassName?: string }) {
  return <main className="docusaurus-layout">{children}</main>;
}
