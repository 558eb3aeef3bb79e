import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["src", "plugins"];
const SOURCE = /\.(ts|tsx)$/;

/**
 * The one cycle the design allows: the sidebar renders categories, which
 * render their items with the same component (a recursive tree).
 */
const ALLOWED_CYCLES = [["src/theme/DocSidebar/SidebarCategory.tsx", "src/theme/DocSidebar/SidebarItems.tsx"]];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it; undefined for packages and non-code files. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((file) => SOURCE.test(file) && existsSync(file) && statSync(file).isFile());
}

/** file → the files it imports: static, dynamic, type-only and re-exports alike (all of them make a cycle a maintainer has to untangle). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = info.importedFiles.map((ref) => resolveSpecifier(file, ref.fileName)).filter((target): target is string => target !== undefined);
    graph.set(path.relative(ROOT, file), [...new Set(targets.map((target) => path.relative(ROOT, target)))]);
  }
  return graph;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan's algorithm). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("import graph of src/ and plugins/", () => {
  const graph = importGraph();

  it("reads the real graph (the walker resolves relative imports)", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("src/theme/Navbar/Navbar.tsx")).toContain("src/theme/Navbar/NavbarItem.tsx");
    // A dynamic import is an edge too.
    expect(graph.get("src/theme/MobileMenu/MobileMenu.tsx")).toContain("src/theme/MobileMenu/MobileMenuDialog.tsx");
  });

  it("finds a cycle when there is one", () => {
    const withCycle = new Map(graph);
    withCycle.set("src/core/paths.ts", [...(graph.get("src/core/paths.ts") ?? []), "src/theme/Navbar/Navbar.tsx"]);
    expect(cycles(withCycle).some((component) => component.includes("src/core/paths.ts"))).toBe(true);
  });

  it("has no import cycle but the recursive sidebar", () => {
    const allowed = new Set(ALLOWED_CYCLES.map((component) => [...component].sort().join(" ↔ ")));
    const unexpected = cycles(graph)
      .map((component) => component.join(" ↔ "))
      .filter((cycle) => !allowed.has(cycle));
    expect(unexpected, "move what both files need into a third module that imports neither").toEqual([]);
  });
});
