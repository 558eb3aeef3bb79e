import path from "node:path";
import { parseAst, type Plugin, type Rollup } from "vite";
import { inModulePackage } from "./resolvedFile";

/** Rolldown's wrapper of a CommonJS module for its ES importers (renamed with a `$n` when a module has its own). */
const WRAPPER = /^__toESM(\$\d+)?$/;

/**
 * A wrap of a bundled CommonJS module with Node's flag: `__toESM(require_x(), 1)`, or the module's
 * code inline, `__toESM((...)(), 1)`. A dynamic import's wrap (`__toESM(m.default, 1)`) is written
 * by its own call site, the same on every build, and stays as it is.
 */
const FLAGGED_WRAP = /(?:require_[\w$]+\(\)|\)\(\)), 1\)/;

interface AstNode {
  type?: string;
  start: number;
  end: number;
  callee?: { type: string; name?: string };
  arguments?: AstNode[];
  value?: unknown;
}

/** Where each bundled module's wrap has Node's flag (its `, 1`), from the first argument's end to the flag's end. */
function nodeModeFlags(code: string): [number, number][] {
  const flags: [number, number][] = [];
  const visit = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const node = value as AstNode;
    const [wrapped, flag] = node.arguments ?? [];
    const bundledModule = wrapped?.type === "CallExpression" && wrapped.arguments?.length === 0;
    if (node.type === "CallExpression" && node.callee?.type === "Identifier" && WRAPPER.test(node.callee.name ?? "") && node.arguments?.length === 2 && bundledModule && flag.type === "Literal" && flag.value === 1) {
      flags.push([wrapped.end, flag.end]);
    }
    for (const key in node) if (key !== "type") visit((node as unknown as Record<string, unknown>)[key]);
  };
  visit(parseAst(code));
  return flags;
}

/**
 * Whether Rolldown wraps this module's imports of CommonJS packages in Node's mode, by its rule: an
 * .mjs/.mts file, or a .js/.jsx/.ts/.tsx one whose package.json says "type": "module". Anything
 * else (Markdown, generated modules, ids with a query) gets the older mode. A file resolved without
 * its package.json gets the older mode too: our plugins hand theirs over (resolvedFile.ts).
 */
function nodeMode(id: string): boolean {
  const extension = /\.([^./\\]+)$/.exec(id)?.[1];
  if (extension === "mjs" || extension === "mts") return true;
  return extension !== undefined && ["js", "jsx", "ts", "tsx"].includes(extension) && path.isAbsolute(id) && inModulePackage(id);
}

/**
 * Whether the chunk's modules that import a CommonJS module ask for both modes: only then can the
 * order Rolldown met them in show in the chunk. Parsing is the cost (this site's app chunk took
 * 0.1-0.2 s), so it is kept for a chunk with a flagged wrap and importers of both kinds.
 */
function mixesModes(moduleIds: readonly string[], infoOf: (id: string) => Rollup.ModuleInfo | null): boolean {
  const modes = new Set<boolean>();
  for (const id of moduleIds) {
    const importsCommonJs = infoOf(id)?.importedIds.some((imported) => (infoOf(imported) as { inputFormat?: string } | null)?.inputFormat === "cjs");
    if (importsCommonJs) modes.add(nodeMode(id));
  }
  return modes.size > 1;
}

/**
 * Makes a chunk's bytes independent of the order Rolldown happened to meet its modules in.
 * A chunk wraps each CommonJS package it imports (React) once, in the mode its first importer asks
 * for: Node's (an .mjs file, or a .js/.tsx one in a `"type": "module"` package, such as the theme)
 * or the older one (Markdown pages, generated modules, most of a site's own files). Which importer
 * comes first depends on which of the bundler's parallel resolutions finished first, so a chunk
 * holding both kinds changed bytes, hash and file name between builds of the same input.
 * The two modes differ only for a module that marks itself `__esModule`; while no module of the
 * build mentions that marker, every wrap is written in the older form, which is also the shorter.
 * A build that has one keeps Rolldown's own choice.
 */
export function steadyInteropPlugin(): Plugin {
  let marked = false;
  return {
    name: "graphile-docs:steady-interop",
    transform: {
      // Rolldown's own runtime reads the marker; it marks nothing.
      filter: { code: "__esModule", id: { exclude: /^\0rolldown\/runtime/ } },
      handler() {
        marked = true;
      },
    },
    renderChunk: {
      filter: { code: "__toESM" },
      handler(code, chunk) {
        if (marked || !FLAGGED_WRAP.test(code) || !mixesModes(chunk.moduleIds, (id) => this.getModuleInfo(id))) return null;
        const flags = nodeModeFlags(code);
        if (flags.length === 0) return null;
        let steady = "";
        let from = 0;
        for (const [start, end] of flags.sort((a, b) => a[0] - b[0])) {
          steady += code.slice(from, start);
          from = end;
        }
        return { code: steady + code.slice(from), map: null };
      },
    },
  };
}
