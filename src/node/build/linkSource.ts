import { readFileSync } from "node:fs";
import path from "node:path";
import { safeDecodeURIComponent } from "../../core/paths";

/**
 * The line of `sourceFile` where a link to `target` is written, found by
 * looking for the target as written or decoded ("/caf%C3%A9" or "/café").
 * The link check sees rendered HTML, which has no line numbers: this points
 * the author back at the Markdown.
 */
export function lineOfLink(text: string, target: string): number | undefined {
  const forms = [...new Set([target, safeDecodeURIComponent(target), target.replace(/&/g, "&amp;")])];
  const lines = text.split(/\r?\n/);
  for (const form of forms) {
    // Prefer a Markdown or HTML link to the target over a mention in prose.
    const linked = lines.findIndex((line) => line.includes(`](${form}`) || line.includes(`](<${form}`) || line.includes(`="${form}`));
    if (linked >= 0) return linked + 1;
  }
  for (const form of forms) {
    const mentioned = lines.findIndex((line) => line.includes(form));
    if (mentioned >= 0) return mentioned + 1;
  }
  return undefined;
}

/** "  /guide/second -> /gone (docs/guide/second.md:3)": the route pair, then where to fix it when known. */
export function describeBrokenLink(link: { source: string; target: string }, sourceFileOfRoute: (route: string) => string | undefined, cwd = process.cwd()): string {
  const file = sourceFileOfRoute(link.source);
  if (!file) return `${link.source} -> ${link.target}`;
  let line: number | undefined;
  try {
    line = lineOfLink(readFileSync(file, "utf8"), link.target);
  } catch {
    line = undefined;
  }
  return `${link.source} -> ${link.target} (${path.relative(cwd, file) || file}${line ? `:${line}` : ""})`;
}
