/**
 * Compares, route by route, the article of each page Docusaurus built with
 * the one we built for the same site: title, headings with their ids, code
 * blocks, admonitions, tabs, tables, images, links and text. Not a test: a
 * measurement for the drop-in goal (issue 14).
 *
 *   npx tsx scripts/compare-docusaurus.ts DOCUSAURUS_BUILD OUR_BUILD
 *
 * Pages are read with scripts off in Chromium, so both sides are compared as
 * the server wrote them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { launchBrowser } from "../tests/e2e/support";

interface Article {
  title: string;
  headings: string[];
  code: string[];
  admonitions: number;
  tabs: string[];
  tables: number;
  images: string[];
  links: string[];
  text: string;
}

function htmlFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "assets" ? [] : htmlFiles(file, base);
    return name === "index.html" ? [path.relative(base, file)] : [];
  });
}

/** What a reader gets from the page's article, in a form both generators can be compared in. */
function readArticle(): Article | null {
  const root = document.querySelector(".theme-doc-markdown, article .markdown, article.markdown");
  if (!root) return null;
  const clean = (text: string | null) => (text ?? "").replace(/[\u200b\s]+/g, " ").replace(/Direct link to .*$/, "").trim();
  const article = root.cloneNode(true) as Element;
  // Controls that are not content: copy buttons, heading anchors, screen-reader text.
  for (const element of article.querySelectorAll("button, .hash-link, .heading-anchor, .sr-only")) element.remove();
  return {
    title: clean(document.title.split("|")[0]),
    headings: [...article.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((heading) => `${heading.tagName} ${heading.id} ${clean(heading.textContent)}`),
    code: [...article.querySelectorAll("pre")].map((pre) => clean(pre.textContent)),
    admonitions: article.querySelectorAll(".admonition, .theme-admonition").length,
    tabs: [...article.querySelectorAll('[role="tab"]')].map((tab) => clean(tab.textContent)),
    tables: article.querySelectorAll("table").length,
    images: [...article.querySelectorAll("img")].map((image) => (image.getAttribute("src") ?? "").split("/").pop()!.replace(/-[\w]{8}(\.\w+)$/, "$1").replace(/\.[0-9a-f]{8}(\.\w+)$/, "$1")),
    links: [...article.querySelectorAll("a[href]")].map((link) => (link.getAttribute("href") ?? "").replace(/\/$/, "") || "/"),
    text: clean(article.textContent),
  };
}

async function main(): Promise<void> {
  const [docusaurusBuild, ourBuild] = process.argv.slice(2);
  if (!docusaurusBuild || !ourBuild) throw new Error("usage: npx tsx scripts/compare-docusaurus.ts DOCUSAURUS_BUILD OUR_BUILD");
  const browser = await launchBrowser();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const read = async (file: string) => {
    await page.setContent(readFileSync(file, "utf8"), { waitUntil: "domcontentloaded" });
    // tsx names inner functions with a __name helper the page does not have.
    await page.evaluate("window.__name = (f) => f");
    return page.evaluate(readArticle);
  };
  const aspects: (keyof Article)[] = ["title", "headings", "code", "admonitions", "tabs", "tables", "images", "links", "text"];
  const differing = new Map<string, number>(aspects.map((aspect) => [aspect, 0]));
  let compared = 0;
  let same = 0;
  for (const file of htmlFiles(docusaurusBuild).sort()) {
    const theirs = await read(path.join(docusaurusBuild, file));
    if (!theirs) continue;
    compared += 1;
    let ours: Article | null = null;
    try {
      ours = await read(path.join(ourBuild, file));
    } catch {
      ours = null;
    }
    const route = `/${path.dirname(file)}`.replace(/\/\.$/, "/");
    const differences = ours ? aspects.filter((aspect) => JSON.stringify(ours![aspect]) !== JSON.stringify(theirs[aspect])) : ["missing"];
    for (const aspect of differences) differing.set(aspect, (differing.get(aspect) ?? 0) + 1);
    if (differences.length === 0) same += 1;
    else {
      console.log(`${route}: ${differences.join(", ")}`);
      for (const aspect of differences.filter((name) => name !== "missing")) {
        console.log(`  docusaurus ${JSON.stringify(theirs[aspect as keyof Article]).slice(0, 300)}\n  ours       ${JSON.stringify(ours![aspect as keyof Article]).slice(0, 300)}`);
      }
    }
  }
  await browser.close();
  console.log(`\n${same} of ${compared} article pages the same in every aspect (${((100 * same) / Math.max(compared, 1)).toFixed(1)} %)`);
  for (const [aspect, count] of differing) if (count > 0) console.log(`  ${aspect} differs on ${count}`);
}

await main();
