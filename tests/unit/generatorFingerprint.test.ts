import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fingerprintGenerator } from "../../src/node/generatorFingerprint";
import { tempFolders } from "./helpers/tempFolders";

const folders = tempFolders("generator-fingerprint");

/** A small generator checkout: a lock file, a theme component, a plugin and a command. */
function generator(): { dir: string; memo: string } {
  const dir = folders();
  const files: Record<string, string> = {
    "package-lock.json": '{"lockfileVersion":3}',
    "src/theme/Navbar.tsx": "export const Navbar = () => null;\n",
    "plugins/search/index.ts": "export const search = 1;\n",
    "scripts/build.ts": "console.log('build');\n",
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return { dir, memo: path.join(dir, "node_modules/.cache/graphile-docs/generator-fingerprint.json") };
}

describe("the generator's fingerprint", () => {
  it("stays the same from one start to the next while nothing changes, and is kept for the next start", () => {
    const { dir, memo } = generator();
    const first = fingerprintGenerator(dir, "1.0.0", memo);
    expect(fingerprintGenerator(dir, "1.0.0", memo)).toBe(first);
    expect(JSON.parse(readFileSync(memo, "utf8")).fingerprint).toBe(first);
  });

  it("changes with an edit the kept fingerprint has not seen, even one of the same size with its old modification time", () => {
    const { dir, memo } = generator();
    // A whole second, which setting the time back restores exactly (as `touch -r` or an archive would).
    const navbar = path.join(dir, "src/theme/Navbar.tsx");
    const stamp = new Date("2026-01-02T03:04:05Z");
    utimesSync(navbar, stamp, stamp);
    const first = fingerprintGenerator(dir, "1.0.0", memo);
    writeFileSync(navbar, readFileSync(navbar, "utf8").replace("null", "void"));
    utimesSync(navbar, stamp, stamp);
    const edited = fingerprintGenerator(dir, "1.0.0", memo);
    expect(edited).not.toBe(first);
    expect(fingerprintGenerator(dir, "1.0.0", memo)).toBe(edited);
  });

  it("changes when a source is added or removed, the lock file changes or the version moves", () => {
    const { dir, memo } = generator();
    const seen = new Set([fingerprintGenerator(dir, "1.0.0", memo)]);
    writeFileSync(path.join(dir, "plugins/search/worker.ts"), "export {};\n");
    seen.add(fingerprintGenerator(dir, "1.0.0", memo));
    rmSync(path.join(dir, "scripts/build.ts"));
    seen.add(fingerprintGenerator(dir, "1.0.0", memo));
    writeFileSync(path.join(dir, "package-lock.json"), '{"lockfileVersion":3,"packages":{}}');
    seen.add(fingerprintGenerator(dir, "1.0.0", memo));
    seen.add(fingerprintGenerator(dir, "1.0.1", memo));
    expect(seen.size).toBe(5);
  });

  it("is the same with a damaged memo, or none, as with a good one", () => {
    const { dir, memo } = generator();
    const first = fingerprintGenerator(dir, "1.0.0", memo);
    writeFileSync(memo, '{"files":');
    expect(fingerprintGenerator(dir, "1.0.0", memo)).toBe(first);
    rmSync(memo);
    expect(fingerprintGenerator(dir, "1.0.0", memo)).toBe(first);
    expect(fingerprintGenerator(dir, "1.0.0", path.join(dir, "package-lock.json", "not-a-folder.json"))).toBe(first);
  });
});
