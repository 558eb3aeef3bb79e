/**
 * Plain pages are written without the bundler (src/node/build/standalonePages.ts) and the app
 * bundle is kept between builds (appBundleCache.ts): a rebuild after editing a page compiles that
 * page and renders, and must write exactly what a cold build of the edited site writes.
 */
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { type OutputRecord } from "../../src/node/build/outputCache";
import { listOutput } from "../../src/node/build/outputListing";
import { cacheDir, DiskCache } from "../../src/node/cache";
import { RACY_FILE_MS } from "../../src/core/constants";
import { copyFixture, expectSameTree, readTree } from "./support";

const listFiles = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

const article = (html: string) => /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? "";

describe("a rebuild after editing pages", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  const built = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");
  const cache = path.join(site.dir, "node_modules/.cache/graphile-docs");

  it("reuses the app bundle when a plain page changed, and writes what a cold build of the edited site writes", async () => {
    await buildSite({ siteDir: site.dir });
    site.write("docs/guide/code.md", site.read("docs/guide/code.md").replace(/\n## /, "\nA paragraph written after the first build.\n\n## "));
    const rebuild = await buildSite({ siteDir: site.dir });
    expect(rebuild.timings).toHaveProperty("pages (app bundle reused)");
    expect(article(built("guide/code/index.html"))).toContain("A paragraph written after the first build.");
    const incremental = readTree(path.join(site.dir, "build"));
    rmSync(cache, { recursive: true, force: true });
    const cold = await buildSite({ siteDir: site.dir, outDir: "build-cold" });
    expect(cold.timings).toHaveProperty("client and server bundles");
    expectSameTree(incremental, readTree(path.join(site.dir, "build-cold")));
  });

  it("bundles the app again when a file it kept was changed in place through the output", async () => {
    // The output's app files are links to the kept bundle: an edit in build/ reaches the kept file.
    const main = readdirSync(path.join(site.dir, "build-cold/assets")).find((file) => /^main-.*\.js$/.test(file))!;
    site.write("docs/guide/code.md", site.read("docs/guide/code.md").replace("A paragraph written after the first build.", "A paragraph edited once."));
    expect((await buildSite({ siteDir: site.dir })).timings).toHaveProperty("pages (app bundle reused)");
    appendFileSync(path.join(site.dir, "build/assets", main), "\nconsole.log('edited in the output');\n");
    site.write("docs/guide/code.md", site.read("docs/guide/code.md").replace("A paragraph edited once.", "A paragraph edited twice."));
    const rebuild = await buildSite({ siteDir: site.dir });
    expect(rebuild.timings).toHaveProperty("client and server bundles");
    expect(readFileSync(path.join(site.dir, "build/assets", main), "utf8")).not.toContain("edited in the output");
  });

  it("bundles the app again when the site swizzles a component the pages import", async () => {
    mkdirSync(path.join(site.dir, "src/theme"), { recursive: true });
    site.write("src/theme/Admonition.tsx", 'export default function Admonition(props: { children?: unknown }) { return <aside className="site-callout">{props.children as never}</aside>; }\n');
    const rebuild = await buildSite({ siteDir: site.dir });
    expect(rebuild.timings).toHaveProperty("client and server bundles");
    expect(article(built("guide/admonitions/index.html"))).toContain('<aside class="site-callout">');
    // Every plain page's module now imports the new theme chunks: what a cold build writes.
    const incremental = readTree(path.join(site.dir, "build"));
    rmSync(cache, { recursive: true, force: true });
    await buildSite({ siteDir: site.dir, outDir: "build-cold" });
    expectSameTree(incremental, readTree(path.join(site.dir, "build-cold")));
  });

  it("bundles a page after all when its compile imports a file its source did not plainly show", async () => {
    // A file name with a space, written in angle brackets: the source check does not see it as a file.
    copyFileSync(path.join(site.dir, "docs/guide/img/diagram.png"), path.join(site.dir, "docs/guide/img/flow chart.png"));
    site.write("docs/guide/code.md", `${site.read("docs/guide/code.md")}\n![The flow chart](<./img/flow chart.png>)\n`);
    const rebuild = await buildSite({ siteDir: site.dir });
    expect(rebuild.timings).toHaveProperty("client and server bundles");
    const image = /<img[^>]*alt="The flow chart"[^>]*>/.exec(built("guide/code/index.html"))?.[0] ?? "";
    // The bundler's hashed copy (identical bytes to diagram.png, so the same file).
    expect(image).toMatch(/src="\/assets\/[\w-]+\.png"/);
  });
});

describe("a rebuild of pages the last build already knew", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  const sidebarOf = (file: string) => /<nav[^>]*aria-label="Docs sidebar"[\s\S]*?<\/nav>/.exec(readFileSync(path.join(site.dir, "build", file), "utf8"))?.[0] ?? "";

  it("sees an edit that keeps a page's size and modification time, and writes what a cold build writes", async () => {
    const page = path.join(site.dir, "docs/guide/code.md");
    // A whole second, which the file system stores exactly, as a tool restoring a time would.
    const mtime = new Date(Date.UTC(2026, 0, 1));
    utimesSync(page, mtime, mtime);
    // Pages changed just before a build reads them are not remembered: let the copy age first.
    await new Promise((resolve) => setTimeout(resolve, RACY_FILE_MS + 200));
    await buildSite({ siteDir: site.dir });
    expect(sidebarOf("guide/index.html")).toContain(">Code blocks<");
    // Same length, same time: only the file's change time tells.
    site.write("docs/guide/code.md", site.read("docs/guide/code.md").replace("sidebar_position: 3", "sidebar_position: 9").replace("# Code blocks", "# Code sample"));
    utimesSync(page, mtime, mtime);
    await buildSite({ siteDir: site.dir });
    const sidebar = sidebarOf("guide/index.html");
    expect(sidebar).toContain(">Code sample<");
    expect(sidebar).not.toContain(">Code blocks<");
    const incremental = readTree(path.join(site.dir, "build"));
    rmSync(path.join(site.dir, "node_modules/.cache"), { recursive: true, force: true });
    await buildSite({ siteDir: site.dir, outDir: "build-cold" });
    expectSameTree(incremental, readTree(path.join(site.dir, "build-cold")));
  });
});

describe("a rebuild after a page is added or moves", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  const built = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");
  // A stored page is one entry: its facts, then its module's code.
  const compiledPages = () => listFiles(path.join(site.dir, "node_modules/.cache/graphile-docs/mdx")).length;

  it("compiles only the new page and keeps the app bundle when nothing links to it", async () => {
    // The MDX page, which the bundler takes, links to another doc.
    site.write("docs/guide/mdx.mdx", `${site.read("docs/guide/mdx.mdx")}\nThe [Markdown guide](./markdown.md#custom-id) covers the rest.\n`);
    await buildSite({ siteDir: site.dir });
    const before = compiledPages();
    site.write("docs/guide/glossary.md", "# Glossary\n\n**Row**: one line of a table.\n");
    const rebuild = await buildSite({ siteDir: site.dir });
    expect(rebuild.timings).toHaveProperty("pages (app bundle reused)");
    expect(compiledPages()).toBe(before + 1);
    expect(built("guide/glossary/index.html")).toContain("one line of a table");
  });

  it("compiles again the pages that link to a page whose address changed, and writes what a cold build writes", async () => {
    site.write("docs/guide/markdown.md", site.read("docs/guide/markdown.md").replace("sidebar_position: 7", "sidebar_position: 7\nslug: /markdown-syntax"));
    const rebuild = await buildSite({ siteDir: site.dir });
    expect(rebuild.timings).toHaveProperty("client and server bundles");
    expect(article(built("guide/mdx/index.html"))).toContain('href="/guide/markdown-syntax#custom-id"');
    expect(article(built("guide/index.html"))).toContain('href="/guide/markdown-syntax#custom-id"');
    const incremental = readTree(path.join(site.dir, "build"));
    rmSync(path.join(site.dir, "node_modules/.cache"), { recursive: true, force: true });
    await buildSite({ siteDir: site.dir, outDir: "build-cold" });
    expectSameTree(incremental, readTree(path.join(site.dir, "build-cold")));
  });
});

describe("a rebuild's unchanged files", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  const inodes = () => new Map(listFiles(path.join(site.dir, "build")).map((file) => [file, statSync(path.join(site.dir, "build", file)).ino]));

  it("are linked from the last output, not written again, and the last output is never written through", async () => {
    await buildSite({ siteDir: site.dir });
    const before = inodes();
    const lastOutput = readTree(path.join(site.dir, "build"));
    // Build elsewhere: the first output stays, so a write through a link would show in it.
    site.write("docs/guide/code.md", site.read("docs/guide/code.md").replace(/\n## /, "\nOne more paragraph for the rebuild.\n\n## "));
    await buildSite({ siteDir: site.dir, outDir: "build-next" });
    expectSameTree(readTree(path.join(site.dir, "build")), lastOutput);
    const next = (file: string) => statSync(path.join(site.dir, "build-next", file)).ino;
    // The home page is outside the edited section (whose pages preload its changed route chunk).
    expect(next("index.html")).toBe(before.get("index.html"));
    expect(next("guide/code/index.html")).not.toBe(before.get("guide/code/index.html"));
    const searchFiles = [...before.keys()].filter((file) => file.startsWith("search-index/") && file.endsWith(".json"));
    const kept = searchFiles.filter((file) => existsSync(path.join(site.dir, "build-next", file)) && next(file) === before.get(file));
    expect(kept.length).toBeGreaterThan(searchFiles.length / 2);
  });

  it("replace the last output in place of the same name, and the old one and the server folder are removed after the build", async () => {
    await buildSite({ siteDir: site.dir });
    site.write("docs/guide/code.md", site.read("docs/guide/code.md").replace(/\n## /, "\nA third paragraph, for a rebuild in place.\n\n## "));
    await buildSite({ siteDir: site.dir });
    expect(readFileSync(path.join(site.dir, "build/guide/code/index.html"), "utf8")).toContain("A third paragraph, for a rebuild in place.");
    const leftovers = () => [...readdirSync(site.dir).filter((name) => name.startsWith("build.")), ...readdirSync(path.join(site.dir, ".cache"))];
    await vi.waitFor(() => expect(leftovers()).toEqual([]), { timeout: 15_000 });
  });
});

describe("a rebuild into the folder of its untouched last output", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  const out = (file = "") => path.join(site.dir, "build", file);

  it("changes only what changed there: the folder and unchanged files stay, a deleted page's files go, and it writes what a cold build writes", async () => {
    site.write("docs/guide/glossary.md", "# Glossary\n\n**Row**: one line of a table, longer than a copy is worth for once, so that gzip and brotli copies of its page are written beside it in the output.\n");
    await buildSite({ siteDir: site.dir });
    expect(existsSync(out("guide/glossary/index.html.br"))).toBe(true);
    const [folder, home] = [statSync(out()).ino, statSync(out("index.html")).ino];
    rmSync(path.join(site.dir, "docs/guide/glossary.md"));
    site.write("docs/guide/code.md", site.read("docs/guide/code.md").replace(/\n## /, "\nA paragraph merged into the output in place.\n\n## "));
    await buildSite({ siteDir: site.dir });
    expect(statSync(out()).ino).toBe(folder);
    // The home page is outside the edited section: not even linked again.
    expect(statSync(out("index.html")).ino).toBe(home);
    expect(existsSync(out("guide/glossary"))).toBe(false);
    expect(readFileSync(out("guide/code/index.html"), "utf8")).toContain("A paragraph merged into the output in place.");
    // Nothing of the merge is left beside the output.
    await vi.waitFor(() => expect(readdirSync(site.dir).filter((name) => name.startsWith("build."))).toEqual([]), { timeout: 15_000 });
    // The record of the output is right: the next build finds it untouched.
    expect((await buildSite({ siteDir: site.dir })).timings).toHaveProperty("reuse unchanged output");
    const merged = readTree(out());
    rmSync(path.join(site.dir, "node_modules/.cache"), { recursive: true, force: true });
    await buildSite({ siteDir: site.dir, outDir: "build-cold" });
    expectSameTree(merged, readTree(path.join(site.dir, "build-cold")));
  });
});

describe("a rebuild's compressed copies", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());

  it("come along with a file kept from the last output only when this generator version made them", async () => {
    await buildSite({ siteDir: site.dir });
    // An older generator's rules: copies even of this small file (the llms copy of a short page).
    const small = path.join(site.dir, "build/guide/code.md");
    expect(statSync(small).size).toBeLessThan(1400);
    writeFileSync(`${small}.gz`, gzipSync(readFileSync(small)));
    writeFileSync(`${small}.br`, brotliCompressSync(readFileSync(small)));
    const records = new DiskCache<OutputRecord>(cacheDir(site.dir, "output"));
    const record = records.getSplit("last-build", ["listing", "contentHashes"])!;
    // The output as that generator left it, so this build may link from it.
    records.setSplit("last-build", { ...record, generator: "an older version", listing: listOutput(record.outDir) }, ["listing", "contentHashes"]);
    site.write("docs/guide/markdown.md", `${site.read("docs/guide/markdown.md")}\nA sentence for the rebuild.\n`);
    await buildSite({ siteDir: site.dir, outDir: "build-next" });
    const next = path.join(site.dir, "build-next/guide/code.md");
    expect(statSync(next).ino).toBe(statSync(small).ino);
    expect(existsSync(`${next}.gz`) || existsSync(`${next}.br`)).toBe(false);
    // Other copies are still linked, the compress plugin checking each (the home page is outside the edited section).
    const page = (dir: string) => statSync(path.join(site.dir, dir, "index.html.br")).ino;
    expect(page("build-next")).toBe(page("build"));
  });
});

describe("a rebuild's pages", () => {
  const site = copyFixture("markdown");
  afterAll(() => site.remove());
  const built = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");
  const buildLogged = async () => {
    const messages: string[] = [];
    await buildSite({ siteDir: site.dir, log: (message) => messages.push(message) });
    return messages.join("\n");
  };

  it("are rendered again only where something they show changed, and a shared input renders them all", async () => {
    const { routes } = await buildSite({ siteDir: site.dir });
    const home = built("index.html");
    // A sentence renames its page's module, so the route chunk holding its record: the section's
    // other pages carry their own records, not the chunk's name, so they stay the very files they were.
    const chunkMate = path.join(site.dir, "build", "guide/admonitions/index.html");
    const before = { html: readFileSync(chunkMate, "utf8"), inode: statSync(chunkMate).ino };
    const chunks = () => readdirSync(path.join(site.dir, "build", "assets")).filter((file) => /^routes-.*\.json$/.test(file));
    const chunksBefore = chunks();
    site.write("docs/guide/code.md", `${site.read("docs/guide/code.md")}\nOne more sentence.\n`);
    expect(await buildLogged()).toContain(`(${routes.length - 1} unchanged since the last build)`);
    expect(chunks()).not.toEqual(chunksBefore);
    expect(readFileSync(chunkMate, "utf8")).toBe(before.html);
    expect(statSync(chunkMate).ino).toBe(before.inode);
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((match) => match[1]);
    for (const file of preloads(before.html)) expect(existsSync(path.join(site.dir, "build", file)), file).toBe(true);
    // A doc's title is in the sidebar of every guide page, not on the home page.
    site.write("docs/guide/code.md", site.read("docs/guide/code.md").replace("# Code blocks", "# Code fences"));
    expect(await buildLogged()).toMatch(/\((\d+) unchanged since the last build\)/);
    expect(built("guide/admonitions/index.html")).toContain("Code fences");
    expect(built("index.html")).toBe(home);
    // The footer is the theme's, on every page: none is kept.
    site.write("site.config.ts", site.read("site.config.ts").replace('copyright: "Fixture copyright"', 'copyright: "Fixture copyright, renewed"'));
    expect(await buildLogged()).not.toContain("unchanged since the last build");
    expect(built("index.html")).toContain("Fixture copyright, renewed");
    expect(built("guide/admonitions/index.html")).toContain("Fixture copyright, renewed");
  });
});

// Versions (the dropdown links a doc's other versions) and a blog (lists, tags, feeds): each rebuild
// after an edit writes what a cold build of the edited site writes. (Not docusaurus-classic here: in
// one process, Vite's second bundle of its theme marks a CommonJS interop call differently,
// `__toESM(x, 1)` against `__toESM(x)`, which a build in a process of its own never meets.)
describe.each([
  ["versioned-site", "docs/installation.md"],
  ["blog-site", "blog/2024-03-10-roadmap.md"],
])("a rebuild of %s after editing %s", (fixture, page) => {
  const site = copyFixture(fixture);
  afterAll(() => site.remove());

  it("writes what a cold build of the edited site writes", async () => {
    await buildSite({ siteDir: site.dir });
    site.write(page, `${site.read(page)}\nA sentence added after the first build.\n`);
    await buildSite({ siteDir: site.dir });
    const incremental = readTree(path.join(site.dir, "build"));
    rmSync(path.join(site.dir, "node_modules/.cache/graphile-docs"), { recursive: true, force: true });
    await buildSite({ siteDir: site.dir, outDir: "build-cold" });
    expectSameTree(incremental, readTree(path.join(site.dir, "build-cold")));
  });
});
