import { init, parse, type ImportSpecifier } from "es-module-lexer";

/**
 * Where an import of a page module goes; null drops it (the stylesheet, already in the site's
 * CSS). `defaultFrom` names the export of `file` that stands for the module's default export.
 * `namespace`, for a dynamic import only: the imported module's namespace object as a JavaScript
 * expression, which the import() resolves to without loading a module.
 */
export type ImportTarget = FileTarget | { namespace: string } | null;
export type FileTarget = { file: string; manifestKey?: string; defaultFrom?: string };

/** A page module importing something a standalone page cannot: the bundler must take it. */
export class UnfitPage extends Error {
  constructor(readonly imports: string[]) {
    super(`imports ${imports.join(", ")}`);
  }
}

const DEFAULT_IMPORT_CLAUSE = /^import\s+([A-Za-z_$][\w$]*)\s+from\s*$/;

/** The last module's imports: each page is rewritten twice in a row (its client, then its server module) from one lexing. */
let lastLexed: { code: string; imports: readonly ImportSpecifier[] } | undefined;

function importsOf(code: string): readonly ImportSpecifier[] {
  if (lastLexed?.code !== code) lastLexed = { code, imports: parse(code)[0] };
  return lastLexed.imports;
}

/**
 * The page module with each import pointed at its target, by rewriting the import statements'
 * text where a lexer found them (a string or comment that looks like an import is left alone).
 * Only the forms the Markdown compile writes are rewritten: named and bare imports, a default
 * import, a dynamic import of a string. Throws UnfitPage naming each import without a target, or
 * in another form; such a page goes through the bundler instead.
 *
 * This replaced an esbuild bundle per module whose plugin answered each import: on 2,000 pages
 * the messages to and from esbuild's process cost the build's main thread about 3 s.
 */
export async function rewritePageImports(code: string, targets: (specifier: string) => ImportTarget | undefined): Promise<string> {
  await init;
  const imports = importsOf(code);
  const unfit: string[] = [];
  let rewritten = "";
  let copiedTo = 0;
  const replace = (start: number, end: number, text: string) => {
    rewritten += code.slice(copiedTo, start) + text;
    copiedTo = end;
  };
  for (const entry of imports) {
    // import.meta
    if (entry.d === -2) continue;
    const dynamic = entry.d > -1;
    const specifier = entry.n;
    const target = specifier === undefined ? undefined : targets(specifier);
    if (target === undefined) {
      unfit.push(specifier ?? code.slice(entry.ss, entry.se));
      continue;
    }
    if (target === null) {
      if (dynamic) unfit.push(specifier!);
      else replace(entry.ss, entry.se, "");
      continue;
    }
    if ("namespace" in target) {
      // import(" ... ") from its keyword to its closing parenthesis, when the lexer found its end.
      if (dynamic && entry.se > entry.e) replace(entry.ss, entry.se, `Promise.resolve(${target.namespace})`);
      else unfit.push(specifier!);
      continue;
    }
    if (dynamic) {
      // A default export under another name cannot be renamed in an import() expression.
      if (target.defaultFrom) unfit.push(specifier!);
      else replace(entry.s, entry.e, JSON.stringify(target.file));
      continue;
    }
    if (!target.defaultFrom) {
      replace(entry.s, entry.e, target.file);
      continue;
    }
    // The specifier's opening quote is the character before it.
    const clause = DEFAULT_IMPORT_CLAUSE.exec(code.slice(entry.ss, entry.s - 1));
    if (!clause) unfit.push(specifier!);
    else replace(entry.ss, entry.se, `import { ${target.defaultFrom} as ${clause[1]} } from ${JSON.stringify(target.file)}`);
  }
  if (unfit.length > 0) throw new UnfitPage(unfit);
  return rewritten + code.slice(copiedTo);
}
