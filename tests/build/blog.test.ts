import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../../src/node/build/build";
import { shardFile, type SearchManifest } from "../../src/core/search/indexFormat";
import { copyFixture } from "./support";

const ORIGIN = "https://lantern.example.org";
const LISTED = ["/blog/2024/05/01/lantern-1-0", "/blog/2024/03/10/roadmap", "/blog/2024/01/20/your-first-job", "/blog/welcome"];
const UNLISTED = "/blog/2024/06/01/sneak-peek";

describe("building a site with a blog and src/pages", () => {
  const site = copyFixture("blog-site");
  let result: BuildResult;
  const out = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");
  const page = (route: string) => out(route === "/" ? "index.html" : `${route.slice(1)}/index.html`);
  /** The rendered page body, without the head and the route data script. */
  const main = (route: string) => /<main[\s\S]*<\/main>/.exec(page(route))?.[0] ?? "";

  beforeAll(async () => {
    result = await buildSite({ siteDir: site.dir });
  });
  afterAll(() => site.remove());

  it("puts listed posts in the search index, under the blog's label, and leaves the unlisted one out", () => {
    const manifest = JSON.parse(out("search-index/manifest.json")) as SearchManifest;
    const records = Array.from({ length: manifest.hits.count }, (_, n) => out(shardFile(manifest.hits, n))).join("\n");
    for (const route of LISTED) expect(records).toContain(route);
    expect(records).not.toContain(UNLISTED);
  });

  it("routes every src/pages file but the _-prefixed ones, and the site's index is its home page", () => {
    expect(result.routes).toEqual(expect.arrayContaining(["/", "/about", "/support", "/team", "/search"]));
    expect(result.routes.some((route) => route.includes("_parts") || route.includes("Hero"))).toBe(false);
    expect(main("/")).toContain("Lantern: jobs from PostgreSQL");
    expect(page("/")).toContain("<title>Home | Lantern</title>");
    expect(page("/")).toContain('<meta name="description" content="Lantern runs background jobs from PostgreSQL.">');
    expect(page("/team")).toContain("<title>Team | Lantern</title>");
  });

  it("gives Markdown pages their front matter title, description, TOC and wrapper class", () => {
    expect(page("/about")).toContain("<title>About Lantern | Lantern</title>");
    expect(page("/about")).toContain('<meta name="description" content="Why Lantern exists and who makes it.">');
    expect(main("/about")).toMatch(/On this page[\s\S]*href="#history"/);
    expect(main("/support")).toContain('class="markdown-page support-page"');
    expect(main("/support")).toMatch(/Ask in (<!-- -->)?the issue tracker or the discussion forum/);
    expect(main("/support")).not.toContain("On this page");
  });

  it("builds every post from dated files, dated folders and front matter dates, but not the draft", () => {
    for (const route of [...LISTED, UNLISTED]) expect(result.routes, route).toContain(route);
    expect(result.routes.some((route) => route.includes("next-release"))).toBe(false);
    expect(existsSync(path.join(site.dir, "build/blog/2024/07/01/next-release"))).toBe(false);
    const post = main("/blog/2024/05/01/lantern-1-0");
    expect(post).toContain("<h1");
    expect(post).toContain("Lantern 1.0 is out");
    expect(post).toContain('dateTime="2024-05-01T00:00:00.000Z"');
    expect(post).toMatch(/May 1, 2024<\/time> · <!-- -->1<!-- --> min read/);
    expect(post).toContain("Ada Moreno");
    expect(post).toContain('href="https://github.com/ada-moreno"');
    expect(post).toContain("What changed");
    // The folder's image went through the bundle (small images are inlined).
    expect(post).toMatch(/<img[^>]+src="(\/assets\/lantern-[^"]+\.svg|data:image\/svg\+xml,[^"]+)"[^>]+alt="A lantern glowing/);
    expect(post).toContain('href="/blog/2024/03/10/roadmap"');
    expect(post).toMatch(/Older post[\s\S]*The road to 1.0/);
  });

  it("cuts list entries at either truncate marker and pages the list by postsPerPage", () => {
    const first = main("/blog");
    expect(first).toContain("Lantern 1.0 is out");
    expect(first).toContain("The road to 1.0");
    expect(first).not.toContain("What changed");
    expect(first).not.toContain("Failed jobs will be retried");
    expect(first).toContain('href="/blog/page/2"');
    const second = main("/blog/page/2");
    expect(second).toContain("Your first job in five minutes");
    expect(second).toContain("Welcome to the Lantern blog");
    expect(second).toContain("Robin Guest");
    expect(second).not.toContain("/blog/page/3");
  });

  it("lists tags (labels and permalinks from tags.yml), authors with pages and the archive", () => {
    expect(main("/blog/tags")).toMatch(/href="\/blog\/tags\/how-to"[^>]*>Guide/);
    expect(main("/blog/tags/release")).toContain("New versions and what changed in them");
    expect(main("/blog/tags/release")).toContain("Lantern 1.0 is out");
    expect(main("/blog/authors")).toContain('href="/blog/authors/ada"');
    expect(main("/blog/authors")).not.toContain("Sam Patel");
    expect(main("/blog/authors/ada")).toContain("The road to 1.0");
    expect(main("/blog/authors/ada")).not.toContain("Welcome to the Lantern blog");
    const archive = main("/blog/archive");
    expect(archive.indexOf(">2024<")).toBeLessThan(archive.indexOf(">2023<"));
    expect(archive).toContain("Welcome to the Lantern blog");
  });

  it("builds the unlisted post with noindex but leaves it out of lists, tags, the sidebar, the sitemap and the feeds", () => {
    expect(page(UNLISTED)).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page(LISTED[0])).not.toContain('name="robots"');
    for (const route of ["/blog", "/blog/page/2", "/blog/tags/release", "/blog/archive", "/blog/authors/lin", LISTED[0]]) {
      expect(page(route), route).not.toContain("sneak-peek");
    }
    expect(out("sitemap.xml")).not.toContain("sneak-peek");
    expect(out("sitemap.xml")).toContain(`<loc>${ORIGIN}/blog/2024/05/01/lantern-1-0</loc>`);
    expect(out("blog/rss.xml") + out("blog/atom.xml") + out("blog/feed.json")).not.toContain("sneak-peek");
  });

  it("resolves Markdown links between docs, pages and posts to their routes", () => {
    const doc = main("/docs");
    expect(doc).toContain('href="/blog/2024/05/01/lantern-1-0"');
    expect(doc).toContain('href="/about"');
    expect(main("/about")).toContain('href="/docs"');
    expect(main(LISTED[0])).toContain('href="/docs#installing"');
    expect(main("/support")).toContain('href="/blog/2024/05/01/lantern-1-0"');
  });

  describe("the feeds, read by a feed parser", () => {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
    const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

    it("writes RSS 2.0 with the listed posts, newest first, absolute links and full content", () => {
      const rss = parser.parse(out("blog/rss.xml")).rss;
      expect(rss["@version"]).toBe("2.0");
      const items = asList(rss.channel.item) as { link: string; title: string; pubDate: string; "content:encoded": string; category: unknown }[];
      expect(items.map((item) => item.link)).toEqual(LISTED.map((route) => `${ORIGIN}${route}`));
      expect(new Date(items[0].pubDate).toISOString()).toBe("2024-05-01T00:00:00.000Z");
      expect(items[0]["content:encoded"]).toContain("What changed");
      expect(items[0]["content:encoded"]).toContain(`href="${ORIGIN}/docs#installing"`);
      expect(items[0]["content:encoded"]).toContain(`href="${ORIGIN}/blog/2024/03/10/roadmap"`);
      expect(items[0]["content:encoded"]).not.toMatch(/href="\//);
      expect(rss.channel.title).toBe("Lantern blog");
    });

    it("writes Atom 1.0 with one entry per listed post", () => {
      const feed = parser.parse(out("blog/atom.xml")).feed;
      expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
      const entries = asList(feed.entry) as { id: string; link: { "@href": string }; updated: string; author: unknown }[];
      expect(entries.map((entry) => entry.link["@href"])).toEqual(LISTED.map((route) => `${ORIGIN}${route}`));
      expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.updated)))).toBe(true);
      expect(JSON.stringify(entries[0].author)).toContain("Ada Moreno");
    });

    it("writes a JSON Feed 1 document", () => {
      const feed = JSON.parse(out("blog/feed.json")) as { version: string; home_page_url: string; feed_url: string; items: { id: string; url: string; title: string; content_html: string; date_modified?: string; date_published?: string }[] };
      expect(feed.version).toBe("https://jsonfeed.org/version/1");
      expect(feed.home_page_url).toBe(`${ORIGIN}/blog`);
      expect(feed.feed_url).toBe(`${ORIGIN}/blog/feed.json`);
      expect(feed.items.map((item) => item.url)).toEqual(LISTED.map((route) => `${ORIGIN}${route}`));
      for (const item of feed.items) {
        expect(item.id).toMatch(/^https:\/\//);
        expect(item.title.length).toBeGreaterThan(0);
        expect(item.content_html.length).toBeGreaterThan(0);
      }
    });
  });
});

describe("the link check covers blog posts and pages", () => {
  it("fails the build on a post linking to a doc that does not exist, naming the post and line", async () => {
    const site = copyFixture("blog-site");
    try {
      site.write("blog/welcome.md", `${site.read("blog/welcome.md")}\nSee [the missing page](/docs/missing).\n`);
      await expect(buildSite({ siteDir: site.dir })).rejects.toThrow(/blog\/welcome\.md:\d+ .*\/docs\/missing/);
    } finally {
      site.remove();
    }
  });
});
