import { statSync } from "node:fs";
import path from "node:path";
import type { SiteData } from "../loadSite";
import type { PageFacts } from "../markdown/facts";
import { checkLinks, describeLink, type LinkSource } from "./linkCheck";

/**
 * Whether outDir has the file: asked only for link targets that are not routes, a few per site,
 * where listing a 2,000-page output to answer them cost its rebuild 0.6 s.
 */
function fileIn(outDir: string, keptInPlace: ReadonlySet<string>) {
  return (relative: string) => {
    const file = path.resolve(outDir, relative);
    if (!file.startsWith(outDir + path.sep)) return false;
    return keptInPlace.has(path.relative(outDir, file).split(path.sep).join("/")) || (statSync(file, { throwIfNoEntry: false })?.isFile() ?? false);
  };
}

/**
 * The site's link check. Markdown pages' links come from their compile, with
 * lines; every other link a page renders (navbar, footer, sidebar, React
 * pages) was collected while rendering, and is reported once per target.
 */
export function checkSiteLinks(
  site: SiteData,
  outDir: string,
  factsOfFile: ReadonlyMap<string, PageFacts>,
  renderedLinks: ReadonlyMap<string, string[]>,
  /** Files of the output (relative, "/"-separated) that a build merged in place left in the last output. */
  keptInPlace: ReadonlySet<string> = new Set(),
) {
  const relative = (file: string) => path.relative(site.siteDir, file) || file;
  const sources: LinkSource[] = [];
  const idsOfRoute = new Map<string, ReadonlySet<string> | undefined>();
  // Links a Markdown page renders beyond its own content are the chrome every page shares.
  const chrome = new Set<string>();
  for (const route of site.routes) {
    const facts = factsOfFile.get(route.component);
    idsOfRoute.set(route.path, facts && new Set(facts.ids));
    if (!facts) continue;
    sources.push({ route: route.path, file: relative(route.component), links: facts.links });
    const inContent = new Set(facts.links.map((link) => link.url));
    for (const url of renderedLinks.get(route.path) ?? []) if (!inContent.has(url)) chrome.add(url);
  }
  sources.push({ route: "", file: "the theme (navbar, footer, sidebar: site.config.ts or a sidebars file)", links: [...chrome].map((url) => ({ url })) });
  for (const route of site.routes) {
    if (factsOfFile.has(route.component)) continue;
    const own = (renderedLinks.get(route.path) ?? []).filter((url) => !chrome.has(url));
    sources.push({ route: route.path, file: relative(route.component), links: own.map((url) => ({ url })) });
  }
  const report = checkLinks(sources, { idsOfRoute, hasFile: fileIn(outDir, keptInPlace) });
  const warnings = report.missingAnchors.map((link) => `broken anchor: ${describeLink(link)}`);
  const error = report.broken.length
    ? `Broken links found (${report.broken.length}); each is "file:line (page) -> target":\n${report.broken.map((link) => `  ${describeLink(link)}`).join("\n")}`
    : undefined;
  return { warnings, error };
}
