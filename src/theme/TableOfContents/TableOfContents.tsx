import type { TocItem } from "../../core/types";
import TocList from "./TocList";
import { useActiveHeading } from "./useActiveHeading";
import "./TableOfContents.css";

/** The desktop table of contents, beside the article; the heading being read is highlighted. */
export default function TableOfContents({ toc }: { toc: TocItem[] }) {
  const activeId = useActiveHeading(toc);
  return (
    <div className="toc">
      <nav className="toc__nav" aria-label="On this page">
        <p className="toc__title">On this page</p>
        <TocList toc={toc} activeId={activeId} />
      </nav>
    </div>
  );
}
