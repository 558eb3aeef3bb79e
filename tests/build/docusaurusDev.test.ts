import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../src/node/dev/devServer";
import { installDocusaurusStandIns } from "./docusaurusStandIns";
import { copyFixture, fetchText } from "./support";

describe("the dev server on an unchanged Docusaurus 3 site with React 18 and React Router 5 installed beside it", () => {
  const site = copyFixture("docusaurus-classic");
  let server: DevServer;
  const get = (route: string) => fetchText(server.url, route);

  beforeAll(async () => {
    installDocusaurusStandIns(site);
    server = await startDevServer({ siteDir: site.dir, port: 0, host: "127.0.0.1", log: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    site.remove();
  });

  it("renders an MDX page with its own components using the theme's React, not the site's", async () => {
    const page = await get("/sorting-widgets");
    expect(page.text).not.toContain("the site's React 18 was loaded");
    expect(page.status).toBe(200);
    expect(page.text).toContain('Write to <a href="mailto:help@widgets.example.com">help@widgets.example.com</a> when');
  });

  it("renders a Markdown page with the theme's React Router", async () => {
    const page = await get("/guides/filtering");
    expect(page.text).not.toContain("React Router 5 was loaded");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<a href="/guides">Guides home</a>');
  });
});
