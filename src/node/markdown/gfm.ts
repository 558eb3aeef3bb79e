import remarkGfm from "remark-gfm";
import type { Processor } from "unified";
import { possibleTableHeads, withGatedTables } from "./gfmTables";

/** A micromark syntax extension as remark-gfm adds it: construct lists by character code, per content type. */
type SyntaxExtension = Record<string, unknown> & { text?: Record<string, unknown> };
interface NamedConstruct {
  name?: string;
}

/**
 * The autolink literals' constructs and the text each needs somewhere in the page to match: an
 * email needs its `@`, a URL literal its `://` (only http and https are recognised), and a www
 * literal its `www.`. A construct whose text the page lacks can never produce a link there.
 */
const AUTOLINK_NEEDS: Record<string, (source: string) => boolean> = {
  emailAutolink: (source) => source.includes("@"),
  protocolAutolink: (source) => source.includes("://"),
  wwwAutolink: (source) => /www\./i.test(source),
};

/** The names of the autolink constructs that cannot match anywhere in `source`. */
export function impossibleAutolinks(source: string): Set<string> {
  return new Set(Object.entries(AUTOLINK_NEEDS).flatMap(([name, needs]) => (needs(source) ? [] : [name])));
}

/** A copy of a syntax extension without the named text constructs (characters left with none are dropped). */
export function withoutTextConstructs(extension: SyntaxExtension, names: ReadonlySet<string>): SyntaxExtension {
  if (names.size === 0 || !extension.text) return extension;
  const text: Record<string, unknown> = {};
  for (const [code, constructs] of Object.entries(extension.text)) {
    const kept = ([constructs].flat() as NamedConstruct[]).filter((construct) => !(construct.name && names.has(construct.name)));
    if (kept.length > 0) text[code] = kept;
  }
  return { ...extension, text };
}

/** A tree extension as mdast-util-gfm makes it: the autolink literals' carries the pass over text nodes. */
type TreeExtension = Record<string, unknown> & { transforms?: Array<(tree: unknown) => unknown> };
const AUTOLINK_TREE_PASS = "transformGfmAutolinkLiterals";

/**
 * Whether the tree's own autolink pass can find nothing: it looks in text nodes for the same
 * three forms, and a character reference (`&#64;`) in the source may decode to an `@` there.
 */
const treePassIsIdle = (source: string, impossible: ReadonlySet<string>) => impossible.size === Object.keys(AUTOLINK_NEEDS).length && !source.includes("&");

/** Tree extensions without the autolink literals' pass over text nodes. */
function withoutAutolinkPass(extensions: TreeExtension[]): TreeExtension[] {
  return extensions.map((extension) =>
    extension.transforms?.some((transform) => transform.name === AUTOLINK_TREE_PASS)
      ? { ...extension, transforms: extension.transforms.filter((transform) => transform.name !== AUTOLINK_TREE_PASS) }
      : extension,
  );
}

/**
 * remark-gfm for one page. The email autolink construct is tried at the start of every word (it
 * may begin with any letter or digit), and each try costs the parser a saved and restored state:
 * on pages with no `@` that was a quarter of micromark's time (7.8 -> 5.7 ms a page on the
 * 2,000-page corpus, 12.0 -> 9.8 ms on this site's pages). Leaving out the constructs the page's
 * text cannot satisfy gives the same tree; so does skipping the tree's own autolink pass (3 % of a
 * corpus page's compile) when it can find nothing, and trying tables only where one can begin
 * (gfmTables.ts).
 */
export function remarkGfmForPage(this: Processor, options: { source: string }): void {
  remarkGfm.call(this as never);
  const extensions = this.data("micromarkExtensions") as SyntaxExtension[] | undefined;
  if (!extensions || extensions.length === 0) return;
  const impossible = impossibleAutolinks(options.source);
  extensions[extensions.length - 1] = withGatedTables(withoutTextConstructs(extensions[extensions.length - 1]!, impossible), possibleTableHeads(options.source));
  const treeExtensions = this.data("fromMarkdownExtensions") as Array<TreeExtension | TreeExtension[]> | undefined;
  if (!treeExtensions || treeExtensions.length === 0 || !treePassIsIdle(options.source, impossible)) return;
  const gfmTree = treeExtensions[treeExtensions.length - 1]!;
  treeExtensions[treeExtensions.length - 1] = withoutAutolinkPass([gfmTree].flat());
}
