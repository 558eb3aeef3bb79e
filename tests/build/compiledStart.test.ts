import { isAscii } from "node:buffer";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("commands start from compiled JavaScript", () => {
  // A copy of the generator, as a fresh clone would be, so its dist/ is its own.
  const clone = mkdtempSync(path.join(tmpdir(), "graphile-docs-clone-"));
  for (const part of ["scripts", "src", "plugins", "package.json"]) cpSync(path.join(ROOT, part), path.join(clone, part), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"));
  afterAll(() => rmSync(clone, { recursive: true, force: true }));
  const version = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).version as string;
  const run = () => execFileSync(process.execPath, [path.join(clone, "scripts/run.mjs"), "build", "--version"], { cwd: clone, encoding: "utf8" }).trim();
  const builtAt = () => JSON.parse(readFileSync(path.join(clone, "dist/inputs.json"), "utf8")).builtAt as number;

  it("compiles on the first start of a fresh clone and runs the command", () => {
    expect(run()).toBe(version);
  });

  it("makes the compile thread's bundle ASCII (its comments quote non-ASCII text), so that thread can read it as Latin-1", () => {
    expect(isAscii(readFileSync(path.join(clone, "dist/compileWorker.cjs")))).toBe(true);
  });

  it("compiles again when a source changed, so the edit is what runs", () => {
    const source = path.join(clone, "src/node/version.ts");
    writeFileSync(source, readFileSync(source, "utf8").replace(".version;", '.version + "-edited";'));
    expect(run()).toBe(`${version}-edited`);
  });

  it("starts without compiling when nothing changed", () => {
    const before = builtAt();
    expect(run()).toBe(`${version}-edited`);
    expect(builtAt()).toBe(before);
  });
});
