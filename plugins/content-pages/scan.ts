import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { joinUrl, normalizePath } from "../../src/core/paths";
import type { PageRouteData } from "../../src/core/types";
import { SiteError } from "../../src/node/errors";
import { parseFrontMatter } from "../content-docs/frontMatter";

/** Files under src/pages that become routes (Docusaurus' default `include`). */
const PAGE_FILE = /\.(mdx?|jsx?|tsx?)$/;
const MARKDOWN_FILE = /\.mdx?$/;
/** Type declarations and tests sit beside pages without being pages. */
const NOT_A_PAGE = /(\.d\.ts|\.test\.[jt]sx?|\.spec\.[jt]sx?)$/;

export interface SitePage {
  path: string;
  source: string;
  page: PageRouteData;
}

/** Every file of the folder, relative to it; `_`-prefixed files and folders are left out (partials, components). */
function listPageFiles(dir: string, prefix = ""): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith("_") || entry.name.startsWith(".")) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listPageFiles(path.join(dir, entry.name), relative));
    else if (PAGE_FILE.test(entry.name) && !NOT_A_PAGE.test(entry.name)) files.push(relative);
  }
  return files;
}

/** "about.md" → "/about", "support/index.tsx" → "/support", "index.tsx" → "/". */
export function routeOfPageFile(relative: string): string {
  const withoutExtension = relative.replace(PAGE_FILE, "");
  const segments = withoutExtension.split("/");
  if (segments[segments.length - 1] === "index") segments.pop();
  return normalizePath(joinUrl(...segments));
}

const firstHeading = (body: string) => /^#\s+(.+?)\s*#*\s*$/m.exec(body)?.[1];

function stringOrUndefined(value: unknown, file: string, key: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new SiteError(`${file}: front matter "${key}" must be a string (got ${JSON.stringify(value)})`);
  return value;
}

/** A Markdown page: its route (front matter `slug` wins) and what its layout shows. */
function markdownPage(source: string, relative: string): SitePage {
  const { frontMatter, body } = parseFrontMatter(readFileSync(source, "utf8"), source);
  const wrapperClassName = stringOrUndefined(frontMatter.wrapperClassName, source, "wrapperClassName");
  const slug = frontMatter.slug;
  const folder = path.posix.dirname(relative) === "." ? "" : path.posix.dirname(relative);
  const route = slug === undefined ? routeOfPageFile(relative) : normalizePath(slug.startsWith("/") ? slug : joinUrl(folder, slug));
  return {
    path: route,
    source,
    page: {
      layout: "markdown",
      title: frontMatter.title ?? firstHeading(body),
      description: frontMatter.description,
      props: {
        hideTableOfContents: frontMatter.hide_table_of_contents === true,
        ...(wrapperClassName ? { wrapperClassName } : {}),
      },
    },
  };
}

/** The pages of a site's `src/pages` folder; none when it has no such folder. */
export function scanPages(pagesDir: string): SitePage[] {
  let isDir = false;
  try {
    isDir = statSync(pagesDir).isDirectory();
  } catch {
    return [];
  }
  if (!isDir) return [];
  return listPageFiles(pagesDir).map((relative) => {
    const source = path.join(pagesDir, relative);
    if (MARKDOWN_FILE.test(relative)) return markdownPage(source, relative);
    return { path: routeOfPageFile(relative), source, page: { layout: "component" } };
  });
}
