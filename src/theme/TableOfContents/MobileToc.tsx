import { useState } from "react";
import type { TocItem } from "../../core/types";
import Collapsible from "../Collapsible/Collapsible";
import TocList from "./TocList";

/** Under the breakpoint the table of contents folds into an "On this page" button above the article. */
export default function MobileToc({ toc }: { toc: TocItem[] }) {
  const [collapsed, setCollapsed] = useState(true);
  return (
    <div className={`toc-mobile${collapsed ? "" : " toc-mobile--open"}`}>
      <button type="button" className="toc-mobile__button" aria-expanded={!collapsed} aria-controls="toc-mobile-list" onClick={() => setCollapsed(!collapsed)}>
        On this page
        <span className="toc-mobile__caret" aria-hidden="true" />
      </button>
      <Collapsible id="toc-mobile-list" collapsed={collapsed}>
        <nav aria-label="On this page" onClick={() => setCollapsed(true)}>
          <TocList toc={toc} />
        </nav>
      </Collapsible>
      {/* Without JavaScript the button above is hidden (CSS, scripting: none) and a native disclosure does its job. */}
      <noscript>
        <details className="toc-mobile__fallback">
          <summary className="toc-mobile__button">
            On this page
            <span className="toc-mobile__caret" aria-hidden="true" />
          </summary>
          <nav aria-label="On this page">
            <TocList toc={toc} />
          </nav>
        </details>
      </noscript>
    </div>
  );
}
