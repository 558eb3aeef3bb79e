import type { ReactNode } from "react";
import PageMeta from "./PageMeta";

export interface PageLayoutProps {
  children?: ReactNode;
  /** The page's title: the <title> becomes "title | site title". */
  title?: string;
  description?: string;
  /** A class on the page's wrapper, for page-specific styles. */
  wrapperClassName?: string;
  /** Accepted for Docusaurus compatibility; the chrome is always shown. */
  noFooter?: boolean;
}

/**
 * `@theme/Layout` as a site's React page uses it. The navbar and footer are
 * already around every route (the App renders them), so this adds the page's
 * head and its wrapper only.
 */
export default function PageLayout({ children, title, description, wrapperClassName }: PageLayoutProps) {
  return (
    <>
      <PageMeta title={title} description={description} />
      {wrapperClassName ? <div className={wrapperClassName}>{children}</div> : children}
    </>
  );
}
