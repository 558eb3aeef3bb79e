import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const page = await (await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true })).newPage();
await page.goto(process.argv[2], { waitUntil: "load" }); await page.waitForTimeout(1500);
console.log(await page.evaluate(() => {
  const out = [];
  const walk = (el, depth) => { const n = el.querySelectorAll("*").length; const cs = getComputedStyle(el); if (n > 25 && depth < 10) { out.push(`${"  ".repeat(depth)}${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${n} display=${cs.display}`); for (const c of el.children) walk(c, depth + 1); } };
  walk(document.body, 0); return out.join("\n");
}));
await browser.close();
