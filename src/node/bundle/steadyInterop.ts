import { parseAst, type Plugin } from "vite";

/** Rolldown's wrapper of a CommonJS module for its ES importers (renamed with a `$n` when a module has its own). */
const WRAPPER = /^__toESM(\$\d+)?$/;

interface AstNode {
  type?: string;
  start: number;
  end: number;
  callee?: { type: string; name?: string };
  arguments?: { type: string; value?: unknown; start: number; end: number }[];
}

/** Where each wrapper call's Node-mode flag (its `, 1`) is written, from the first argument's end to the flag's end. */
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
    if (node.type === "CallExpression" && node.callee?.type === "Identifier" && WRAPPER.test(node.callee.name ?? "") && node.arguments?.length === 2 && flag.type === "Literal" && flag.value === 1) {
      flags.push([wrapped.end, flag.end]);
    }
    for (const key in node) if (key !== "type") visit((node as unknown as Record<string, unknown>)[key]);
  };
  visit(parseAst(code));
  return flags;
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
      handler(code) {
        if (marked) return null;
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
