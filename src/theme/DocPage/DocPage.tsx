import type { ComponentType } from "react";
import { versionOfRoute } from "../../core/routeChunks";
import type { PageModule, RouteIndex, RouteRecord, SidebarItem } from "../../core/types";
import { DocsSidebarContext, DocsVersionContext } from "../../client/contexts/DocsContext";
import BackToTopButton from "../BackToTopButton/BackToTopButton";
import Breadcrumbs from "../Breadcrumbs/Breadcrumbs";
import { useSite } from "../../client/contexts/SiteContext";
import { DocVersionBadge, DocVersionBanner } from "virtual:version-ui";
import DocSidebar from "../DocSidebar/DocSidebar";
import mdxComponents from "../mdx/components";
import Paginator from "../Paginator/Paginator";
import MobileToc from "../TableOfContents/MobileToc";
import TableOfContents from "../TableOfContents/TableOfContents";
import EditLink from "./EditLink";
import LastUpdated from "./LastUpdated";
import "./DocPage.css";

/** A docs page: the section's sidebar, the article with its breadcrumbs, edit link and pager, and the table of contents. */
export default function DocPage({ route, manifest, page, sidebar }: { route: RouteRecord; manifest: RouteIndex; page: PageModule; sidebar?: SidebarItem[] }) {
  const doc = route.doc!;
  // Spec section 2: the version whose path is the longest prefix of the page's path.
  const version = versionOfRoute(manifest, route)!;
  const { config } = useSite();
  // What every page knows of the plugin's versions: the banner, badge and class of this one.
  const versions = config.sections.find((section) => section.pluginId === manifest.pluginId)?.versions ?? [];
  const summary = versions.find((candidate) => candidate.name === version.name);
  const sidebarItems = doc.sidebar ? sidebar : undefined;
  const Content = page.default as ComponentType<{ components: typeof mdxComponents }>;
  const toc = (page.toc ?? []).filter((item) => item.level >= doc.tocMinHeadingLevel && item.level <= doc.tocMaxHeadingLevel);
  const showToc = !doc.hideTableOfContents && toc.length > 0;
  return (
    <DocsVersionContext.Provider value={{ manifest, version }}>
      <DocsSidebarContext.Provider value={sidebarItems && doc.sidebar ? { name: doc.sidebar, items: sidebarItems } : null}>
        <div className={`doc-page${sidebarItems ? "" : " doc-page--no-sidebar"}${summary && versions.length > 1 ? ` ${summary.className}` : ""}`}>
          {sidebarItems && <DocSidebar items={sidebarItems} label={manifest.label} />}
          <div className="doc-page__main">
            <div className="doc-page__content">
              {summary && DocVersionBanner && <DocVersionBanner pluginId={manifest.pluginId} version={summary} versions={versions} siteTitle={config.title} alternates={doc.alternateVersions} />}
              {!manifest.versions[0]?.hideBreadcrumbs && <Breadcrumbs crumbs={doc.breadcrumbs} sectionLabel={manifest.label} sectionHref={version.mainDocPath ?? manifest.routeBasePath} title={doc.sidebarLabel ?? doc.title} />}
              {summary && DocVersionBadge && <DocVersionBadge version={summary} />}
              {showToc && <MobileToc toc={toc} />}
              <article className="markdown">
                {!page.contentTitle && (
                  <header>
                    <h1>{doc.title}</h1>
                  </header>
                )}
                <Content components={mdxComponents} />
              </article>
              {doc.editUrl && <EditLink href={doc.editUrl} />}
              {(doc.lastUpdatedAt !== undefined || doc.lastUpdatedBy !== undefined) && <LastUpdated at={doc.lastUpdatedAt} by={doc.lastUpdatedBy} />}
              <Paginator previous={doc.previous} next={doc.next} />
            </div>
            {showToc && <TableOfContents toc={toc} />}
          </div>
        </div>
        <BackToTopButton />
      </DocsSidebarContext.Provider>
    </DocsVersionContext.Provider>
  );
}
