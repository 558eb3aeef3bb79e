import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/node/build/build";
import { startDevServer, type DevServer } from "../../src/node/dev/devServer";
import { createStaticServer } from "../../src/node/serve/staticServer";
import { copyFixture } from "./support";

/** Pages named with a space and with an accented letter, linked from another page. */
const site = copyFixture("basic");
site.write("docs/guide/my page.md", "# My page\n\nSpaced out.\n");
site.write("docs/guide/café.md", "# Café\n\nAccented.\n\n## Été {#ete}\n");
site.write("docs/guide/second.md", "# Second page\n\nSee [spaced](<./my page.md>) and [accented](./caf%C3%A9.md#ete).\n");
let outDir: string;

beforeAll(async () => {
  outDir = (await buildSite({ siteDir: site.dir })).outDir;
});
afterAll(() => site.remove());

const read = (file: string) => readFileSync(path.join(outDir, file), "utf8");

describe("pages whose file names hold spaces or non-ASCII letters", () => {
  it("are written under their decoded names and linked by percent-encoded URLs", () => {
    expect(read("guide/my page/index.html")).toContain("Spaced out.");
    expect(read("guide/café/index.html")).toContain("Accented.");
    const second = read("guide/second/index.html");
    expect(second).toContain('href="/guide/my%20page"');
    expect(second).toContain('href="/guide/caf%C3%A9#ete"');
  });

  it("carry encoded canonical, og:url and sitemap entries", () => {
    const cafe = read("guide/café/index.html");
    expect(cafe).toContain('<link rel="canonical" href="https://fixture.example.org/guide/caf%C3%A9">');
    expect(cafe).toContain('<meta property="og:url" content="https://fixture.example.org/guide/caf%C3%A9">');
    const sitemap = read("sitemap.xml");
    expect(sitemap).toContain("<loc>https://fixture.example.org/guide/my%20page</loc>");
    expect(sitemap).toContain("<loc>https://fixture.example.org/guide/caf%C3%A9</loc>");
  });

  it("are found by search", () => {
    const searchFiles = readdirDeep(path.join(outDir, "search-index")).map((file) => readFileSync(file, "utf8")).join("\n");
    expect(searchFiles).toContain("/guide/caf%C3%A9");
    expect(searchFiles).toContain("/guide/my%20page");
  });

  it("are served by the static server at the URL a browser asks for", async () => {
    const server = createStaticServer(outDir);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const cafe = await fetch(new URL("/guide/café", base));
      expect(cafe.status).toBe(200);
      expect(await cafe.text()).toContain("Accented.");
      expect((await fetch(`${base}/guide/my%20page`)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});

describe("the dev server with the same pages", () => {
  let server: DevServer;
  /** A file next to the project, outside it. */
  const secret = path.join(path.dirname(site.dir), `secret-${path.basename(site.dir)}.txt`);
  beforeAll(async () => {
    mkdirSync(path.join(site.dir, "static"), { recursive: true });
    writeFileSync(secret, "top secret");
    symlinkSync(secret, path.join(site.dir, "static/secret.txt"));
    server = await startDevServer({ siteDir: site.dir, port: 0, host: "127.0.0.1", log: () => undefined });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(secret, { force: true });
  });

  it("renders them at their encoded URLs", async () => {
    const page = await fetch(new URL("/guide/café", server.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Accented.");
  });

  it("answers a malformed manifest URL with 404, not 500", async () => {
    expect((await fetch(new URL("/__routes/%E0%A4%A.json", server.url))).status).toBe(404);
  });

  it("does not serve a static link that leaves the project", async () => {
    const response = await fetch(new URL("/secret.txt", server.url));
    expect(await response.text()).not.toContain("top secret");
  });
});

function readdirDeep(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? readdirDeep(path.join(dir, name)) : [path.join(dir, name)]));
}
