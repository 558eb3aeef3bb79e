import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DESKTOP_BREAKPOINT_PX } from "../../src/core/constants";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MEDIA_CSS = "src/theme/styles/media.css";

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith(".css") ? [path.relative(ROOT, full)] : [];
  });
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("the desktop breakpoint", () => {
  it("is the same number in the stylesheets' custom media and in DESKTOP_BREAKPOINT_PX", () => {
    const media = read(MEDIA_CSS);
    expect(media).toContain(`@custom-media --mobile (max-width: ${DESKTOP_BREAKPOINT_PX}px);`);
    expect(media).toContain(`@custom-media --desktop (min-width: ${DESKTOP_BREAKPOINT_PX + 1}px);`);
  });

  it("is written out in no other stylesheet", () => {
    const spelled = stylesheets(path.join(ROOT, "src"))
      .filter((file) => file !== MEDIA_CSS)
      .filter((file) => /@custom-media|\((?:max|min)-width:\s*99[67]px\)/.test(read(file)));
    expect(spelled, "use @media (--mobile) or (--desktop) and import styles/media.css").toEqual([]);
  });

  it("is imported by every stylesheet that uses it (Lightning CSS leaves an unknown --mobile unresolved and the rule never applies)", () => {
    const users = stylesheets(path.join(ROOT, "src")).filter((file) => /@media[^{]*\(--(?:mobile|desktop)\)/.test(read(file)));
    expect(users.length).toBeGreaterThanOrEqual(8);
    const missing = users.filter((file) => {
      const relative = path.relative(path.dirname(file), MEDIA_CSS);
      return !read(file).includes(`@import "${relative}";`);
    });
    expect(missing).toEqual([]);
  });
});
