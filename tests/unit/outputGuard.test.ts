import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { assertOutputDirReplaceable, BUILD_MARKER_FILE, outputDirProblem, outputState, type OutputState } from "../../src/node/build/outputGuard";
import { swapIntoPlace } from "../../src/node/build/swap";

const segment = fc.constantFrom("a", "b", "docs", "static", "build", "x y", "café");
const relPath = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));
const states = fc.constantFrom<OutputState>("missing", "file", "empty-folder", "our-build", "foreign-folder");
const site = "/home/me/project";

describe("output-folder guard (properties)", () => {
  it("never allows the project, a parent of it, an input, a parent of an input or a folder inside an input", () => {
    fc.assert(
      fc.property(relPath, fc.array(relPath, { maxLength: 3 }), states, fc.nat(4), (inputRel, otherInputs, state, up) => {
        const input = path.join(site, inputRel);
        const protectedPaths = [input, ...otherInputs.map((rel) => path.join(site, rel))];
        // The project and every folder above it.
        const ancestor = path.resolve(site, ...Array<string>(up).fill(".."));
        expect(outputDirProblem({ siteDir: site, outDir: ancestor, protectedPaths, state })).toBeDefined();
        // The input itself, each folder between it and the project, and anything inside it.
        let dir = input;
        while (dir !== site) {
          expect(outputDirProblem({ siteDir: site, outDir: dir, protectedPaths, state })).toBeDefined();
          dir = path.dirname(dir);
        }
        expect(outputDirProblem({ siteDir: site, outDir: path.join(input, "out"), protectedPaths, state })).toBeDefined();
      }),
    );
  });

  it("allows a folder apart from every input only when it is missing, empty or ours", () => {
    fc.assert(
      fc.property(relPath, states, (outRel, state) => {
        const outDir = path.join(site, "out", outRel);
        const problem = outputDirProblem({ siteDir: site, outDir, protectedPaths: [path.join(site, "docs"), path.join(site, "static")], state });
        const safe = state === "missing" || state === "empty-folder" || state === "our-build";
        expect(problem === undefined).toBe(safe);
      }),
    );
  });
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "guard-"));
  dirs.push(dir);
  return dir;
}

describe("output-folder guard (on disk)", () => {
  it("tells apart a missing path, a file, an empty folder, our build and someone else's folder", () => {
    const dir = tempDir();
    expect(outputState(path.join(dir, "none"))).toBe("missing");
    writeFileSync(path.join(dir, "file"), "x");
    expect(outputState(path.join(dir, "file"))).toBe("file");
    mkdirSync(path.join(dir, "empty"));
    expect(outputState(path.join(dir, "empty"))).toBe("empty-folder");
    mkdirSync(path.join(dir, "ours"));
    writeFileSync(path.join(dir, "ours", BUILD_MARKER_FILE), "");
    expect(outputState(path.join(dir, "ours"))).toBe("our-build");
    mkdirSync(path.join(dir, "legacy"));
    writeFileSync(path.join(dir, "legacy", "index.html"), '<!doctype html><meta name="generator" content="graphile-docs 0.1.0">');
    expect(outputState(path.join(dir, "legacy"))).toBe("our-build");
    mkdirSync(path.join(dir, "theirs"));
    writeFileSync(path.join(dir, "theirs", "index.html"), "<p>mine</p>");
    expect(outputState(path.join(dir, "theirs"))).toBe("foreign-folder");
  });

  it("names the project when asked to build into it", () => {
    const dir = tempDir();
    expect(() => assertOutputDirReplaceable(dir, dir, [path.join(dir, "docs")])).toThrow(/refusing to replace it: it is the project folder/);
  });

  it("refuses to swap over a regular file named like the output and keeps the file", () => {
    const dir = tempDir();
    const target = path.join(dir, "build");
    writeFileSync(target, "notes");
    mkdirSync(path.join(dir, "staging"));
    expect(() => swapIntoPlace(path.join(dir, "staging"), target)).toThrow(/it is a file/);
    expect(readFileSync(target, "utf8")).toBe("notes");
  });

  it("refuses to swap over a folder we did not write and keeps its files", () => {
    const dir = tempDir();
    const target = path.join(dir, "build");
    mkdirSync(target);
    writeFileSync(path.join(target, "thesis.tex"), "years of work");
    mkdirSync(path.join(dir, "staging"));
    expect(() => swapIntoPlace(path.join(dir, "staging"), target)).toThrow(/not written by this generator/);
    expect(existsSync(path.join(target, "thesis.tex"))).toBe(true);
  });

  it("replaces its own previous output, marks the new one and leaves nothing of the old beside it", async () => {
    const dir = tempDir();
    const target = path.join(dir, "build");
    for (const name of ["staging", "staging2"]) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, "index.html"), name);
      await swapIntoPlace(path.join(dir, name), target);
    }
    expect(readFileSync(path.join(target, "index.html"), "utf8")).toBe("staging2");
    expect(existsSync(path.join(target, BUILD_MARKER_FILE))).toBe(true);
    expect(readdirSync(dir)).toEqual(["build"]);
  });
});
