import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sitemapXml } from "../../plugins/sitemap/sitemap";

/** The <loc> values, unescaped the way an XML parser would; throws when the document is not well-formed at the entity level. */
function locs(xml: string): string[] {
  const stray = /&(?!(amp|lt|gt|quot|apos);)/.exec(xml);
  if (stray) throw new Error(`not well-formed: bare "&" at ${stray.index}`);
  const body = xml.replace(/^<\?xml[^>]*\?>\n<urlset [^>]*>\n?/, "").replace(/\n?<\/urlset>\n$/, "");
  if (/[<>]/.test(body.replace(/ {2}<url><loc>[^<>]*<\/loc><\/url>\n?/g, ""))) throw new Error("not well-formed: stray markup");
  return [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&"));
}

describe("sitemap.xml", () => {
  it("escapes & and percent-encodes spaces and non-ASCII letters", () => {
    const xml = sitemapXml("https://example.org/", "/", ["/", "/guide/q&a", "/guide/my page", "/guide/café"]);
    expect(locs(xml)).toEqual(["https://example.org/", "https://example.org/guide/q&a", "https://example.org/guide/my%20page", "https://example.org/guide/caf%C3%A9"]);
  });

  it("puts the base URL in front of every route", () => {
    expect(locs(sitemapXml("https://example.org", "/docs/", ["/", "/a"]))).toEqual(["https://example.org/docs/", "https://example.org/docs/a"]);
  });

  it("is well-formed and lists each route as a valid URL whatever the routes hold (property)", () => {
    const route = fc.array(fc.constantFrom("a", "&", "<", ">", '"', "'", " ", "é", "%", "/", "😀"), { maxLength: 8 }).map((parts) => `/${parts.join("")}`);
    fc.assert(
      fc.property(fc.uniqueArray(route, { maxLength: 5 }), (routes) => {
        const found = locs(sitemapXml("https://example.org", "/", routes));
        expect(found).toHaveLength(routes.length);
        for (const loc of found) expect(new URL(loc).href).toBe(loc);
      }),
    );
  });
});
