import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeRoutePath, joinUrl, normalizePath, routeToHtmlFile, safeDecodeURIComponent } from "../../src/core/paths";
import { docIdProblem, parseFrontMatter, slugProblemOf } from "../../plugins/content-docs/frontMatter";

/** Path-ish text with the characters that cause trouble: dots, slashes, escapes, spaces, accents. */
const nasty = fc.array(fc.constantFrom("a", "é", " ", ".", "..", "/", "%2e", "%2F", "%", "%zz", "\\", "&", "?", "#", "ü", "😀"), { maxLength: 10 }).map((parts) => parts.join(""));
const BUILD = "/tmp/out";

describe("route encoding", () => {
  it("encodes spaces and non-ASCII letters as the browser does", () => {
    expect(encodeRoutePath("/guide/my page")).toBe("/guide/my%20page");
    expect(encodeRoutePath("/guide/café")).toBe("/guide/caf%C3%A9");
    expect(new URL(`https://x.org${encodeRoutePath("/guide/café and tea")}`).pathname).toBe(encodeRoutePath("/guide/café and tea"));
    expect(routeToHtmlFile("/guide/caf%C3%A9")).toBe("guide/café/index.html");
  });

  it("is idempotent, ASCII-only, and what the browser would make of it (property)", () => {
    fc.assert(
      fc.property(nasty, (text) => {
        fc.pre(slugProblemOf(text) === undefined);
        const route = encodeRoutePath(normalizePath(text));
        expect(encodeRoutePath(route)).toBe(route);
        expect(route).toMatch(/^[\x21-\x7e]+$/);
        expect(new URL(`https://x.org${route}`).pathname).toBe(route);
        if (!text.includes("%")) expect(safeDecodeURIComponent(route)).toBe(normalizePath(text));
      }),
    );
  });

  it("never decodes or throws on a malformed escape", () => {
    expect(safeDecodeURIComponent("%E0%A4%A")).toBe("%E0%A4%A");
  });
});

describe("slug to file mapping", () => {
  it("rejects the slugs and ids that leave their section", () => {
    for (const slug of ["/../../../x", "/../graphile-config/preset", "a/./b", "/%2e%2e/x", "/a%2F..%2F..%2Fx", "..\\x"]) expect(slugProblemOf(slug)).toBeDefined();
    for (const id of ["..", ".", "a/b", ""]) expect(docIdProblem(id)).toBeDefined();
    expect(slugProblemOf("/my page")).toBeUndefined();
    expect(docIdProblem("café")).toBeUndefined();
  });

  it("maps every accepted slug to a file inside its section's folder of the output (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom("/", "/guide", "/pg-sql2"), nasty, (base, slug) => {
        fc.pre(slugProblemOf(slug) === undefined);
        const route = encodeRoutePath(normalizePath(joinUrl(base, slug)));
        const file = path.resolve(BUILD, routeToHtmlFile(route));
        const sectionDir = path.join(BUILD, base);
        expect(file.startsWith(sectionDir.endsWith("/") ? sectionDir : `${sectionDir}/`)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("names file and line for a slug or id that leaves the section", () => {
    expect(() => parseFrontMatter("---\ntitle: X\nslug: /../../../x\n---\n# X\n", "docs/a.md")).toThrow('docs/a.md:3: front matter "slug" cannot contain "." or ".." segments');
    expect(() => parseFrontMatter('---\nid: ".."\n---\n', "docs/a.md")).toThrow('docs/a.md:2: front matter "id" cannot be "." or ".."');
  });
});

describe("front matter blocks", () => {
  it("names the file and line of a block that is never closed", () => {
    expect(() => parseFrontMatter("---\ntitle: X\n\n# X\n\nText.\n", "docs/a.md")).toThrow("docs/a.md:1: front matter block is never closed");
  });

  it("accepts an empty block and a file without one", () => {
    expect(parseFrontMatter("---\n---\n# X\n", "docs/a.md").frontMatter).toEqual({});
    expect(parseFrontMatter("# X\n\n---\n\nafter a rule\n", "docs/a.md").frontMatter).toEqual({});
  });
});
