import type { ComponentType } from "react";
import type { PageModule, PageRouteData } from "../../core/types";
import { TOC_MAX_HEADING_LEVEL, TOC_MIN_HEADING_LEVEL } from "../../core/constants";
import mdxComponents from "../mdx/components";
import MobileToc from "../TableOfContents/MobileToc";
import TableOfContents from "../TableOfContents/TableOfContents";
import "./MarkdownPage.css";

/** A Markdown page of `src/pages`: the article with its table of contents, no sidebar. */
export default function MarkdownPage({ data, page }: { data: PageRouteData; page: PageModule }) {
  const props = (data.props ?? {}) as { hideTableOfContents?: boolean; wrapperClassName?: string };
  const Content = page.default as ComponentType<{ components: typeof mdxComponents }>;
  const toc = (page.toc ?? []).filter((item) => item.level >= TOC_MIN_HEADING_LEVEL && item.level <= TOC_MAX_HEADING_LEVEL);
  const showToc = !props.hideTableOfContents && toc.length > 0;
  return (
    <div className={`markdown-page${props.wrapperClassName ? ` ${props.wrapperClassName}` : ""}`}>
      <div className="markdown-page__content">
        {showToc && <MobileToc toc={toc} />}
        <article className="markdown">
          {!page.contentTitle && data.title && (
            <header>
              <h1>{data.title}</h1>
            </header>
          )}
          <Content components={mdxComponents} />
        </article>
      </div>
      {showToc && <TableOfContents toc={toc} />}
    </div>
  );
}
