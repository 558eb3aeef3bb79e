import { readdirSync, readlinkSync, statSync } from "node:fs";
import path from "node:path";
import { encodeRoutePath, joinUrl, normalizePath } from "../../src/core/paths";
import { SiteError } from "../../src/node/errors";
import { derivedFromSource } from "../../src/node/sourceTexts";
import { parseFrontMatter, type DocFrontMatter } from "./frontMatter";

export interface DocRecord {
  id: string;
  /** Absolute path of the source file. */
  source: string;
  /** Path inside the content folder, with forward slashes. */
  relativePath: string;
  /** Folder inside the content folder ("" at the top). */
  dirName: string;
  permalink: string;
  title: string;
  sidebarLabel: string;
  sidebarPosition?: number;
  frontMatter: DocFrontMatter;
  draft: boolean;
  /** index.md / README.md: the page of its folder. */
  isFolderIndex: boolean;
  /** The file name without extension and number prefix, used for sorting. */
  sortName: string;
}

const DOC_EXTENSIONS = /\.mdx?$/i;
const NUMBER_PREFIX = /^\d+[-_.]\s*/;

/** Files and folders starting with "_" or "." are partials and private, as in Docusaurus. */
function isIgnored(name: string): boolean {
  return name.startsWith("_") || name.startsWith(".");
}

/**
 * The content folder must hold its files itself: the bundler follows links to
 * their real paths, so a linked page or folder would lose its route. Each kind
 * of link gets its own explanation.
 */
function symlinkError(full: string): SiteError {
  let target = "";
  try {
    target = readlinkSync(full);
    const stats = statSync(full);
    const kind = stats.isDirectory() ? "folder" : "file";
    return new SiteError(`${full}: is a symbolic link to the ${kind} ${target}; docs folders cannot contain links: move or copy the ${kind} here instead`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") return new SiteError(`${full}: is a symbolic link loop (it points to ${target}, which leads back to itself); remove it`);
    return new SiteError(`${full}: is a symbolic link to ${target}, which does not exist; remove the link or restore its target`);
  }
}

function isLinkToFile(full: string): boolean {
  try {
    return statSync(full).isFile();
  } catch {
    return false;
  }
}

export function listDocFiles(contentDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    // The entries' types come with the listing: a stat call per file cost a 2,000-page site's every build about 0.1 s.
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const stats of entries) {
      const { name } = stats;
      if (isIgnored(name)) continue;
      const full = path.join(dir, name);
      if (stats.isSymbolicLink()) {
        // A linked image or data file is the bundler's business; linked pages and folders are not supported.
        if (!DOC_EXTENSIONS.test(name) && isLinkToFile(full)) continue;
        throw symlinkError(full);
      }
      if (stats.isDirectory()) walk(full);
      else if (DOC_EXTENSIONS.test(name)) found.push(full);
    }
  };
  walk(contentDir);
  return found;
}

/** The page title when front matter has none: the first "# " heading outside code. */
export function firstHeading(body: string): string | undefined {
  let fence: string | null = null;
  for (const line of body.split(/\r?\n/)) {
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1];
      else if (fenceMatch[1].startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) return heading[1].replace(/\s*\{#[^}]+\}\s*$/, "").replace(/[`*_]/g, "");
  }
  return undefined;
}

function humanize(name: string): string {
  const words = name.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The page's record; from an earlier build's when the source is unchanged since (derivedFromSource). */
export function readDoc(source: string, contentDir: string, routeBasePath: string): DocRecord {
  return derivedFromSource(source, `docs-record\0${contentDir}\0${routeBasePath}`, (text) => docRecordOf(text, source, contentDir, routeBasePath));
}

function docRecordOf(text: string, source: string, contentDir: string, routeBasePath: string): DocRecord {
  // Sliced where it can be (listDocFiles joins each file to its folder): path.relative resolves both paths.
  const relativePath = (source.startsWith(contentDir + path.sep) ? source.slice(contentDir.length + 1) : path.relative(contentDir, source)).split(path.sep).join("/");
  const { frontMatter, body } = parseFrontMatter(text, source);
  const segments = relativePath.split("/");
  const fileName = segments.pop() as string;
  const dirSegments = segments.map((segment) => segment.replace(NUMBER_PREFIX, ""));
  const dirName = dirSegments.join("/");
  const baseName = fileName.replace(DOC_EXTENSIONS, "");
  const sortName = baseName.replace(NUMBER_PREFIX, "");
  const isFolderIndex = /^(index|readme)$/i.test(sortName) || (dirSegments.length > 0 && sortName === dirSegments[dirSegments.length - 1]);

  const localId = frontMatter.id ?? sortName;
  const id = dirName ? `${dirName}/${localId}` : localId;

  let permalink: string;
  if (frontMatter.slug !== undefined) {
    permalink = frontMatter.slug.startsWith("/")
      ? joinUrl(routeBasePath, frontMatter.slug)
      : joinUrl(routeBasePath, dirName, frontMatter.slug);
  } else if (isFolderIndex && frontMatter.id === undefined) {
    permalink = joinUrl(routeBasePath, dirName);
  } else {
    permalink = joinUrl(routeBasePath, dirName, localId);
  }
  const title = frontMatter.title ?? firstHeading(body) ?? humanize(localId);
  return {
    id,
    source,
    relativePath,
    dirName,
    permalink: encodeRoutePath(normalizePath(permalink)),
    title,
    sidebarLabel: frontMatter.sidebar_label ?? title,
    sidebarPosition: frontMatter.sidebar_position,
    frontMatter,
    draft: frontMatter.draft === true,
    isFolderIndex,
    sortName,
  };
}
