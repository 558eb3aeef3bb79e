import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeBundle } from "../../src/node/dev/ssrTheme";
import { GENERATOR_DIR } from "../../src/node/generatorDir";

const root = mkdtempSync(path.join(tmpdir(), "ssr-theme-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const entry = path.join(GENERATOR_DIR, "src/core/paths.ts");

describe("the dev server's theme bundle in the generator's cache", () => {
  it("is left in place when another dev server has just made the same one, and older keys go", async () => {
    const bundle = path.join(root, "current-key");
    const outputs = await writeBundle(bundle, [entry]);
    expect(JSON.parse(readFileSync(path.join(bundle, "outputs.json"), "utf8"))).toEqual(Object.fromEntries(outputs));
    // Another dev server (the first writer) is loading modules from this folder right now.
    writeFileSync(path.join(bundle, "in-use"), "");
    mkdirSync(path.join(root, "older-key"));

    await writeBundle(bundle, [entry]);

    expect(existsSync(path.join(bundle, "in-use"))).toBe(true);
    expect(existsSync(path.join(bundle, "outputs.json"))).toBe(true);
    expect(existsSync(path.join(root, "older-key"))).toBe(false);
  });
});
