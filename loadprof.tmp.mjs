import { chromium } from "playwright-core";
import { createServer } from "node:http";
import fs from "node:fs";
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
const page = await context.newPage();
if (process.env.CV) await page.addInitScript((css) => { const s = document.createElement("style"); s.textContent = css; document.documentElement.appendChild(s); }, process.env.CV);
if (process.env.ONEFONT) await page.addInitScript(() => { const s = document.createElement("style"); s.textContent = ":root{--font-sans:" + (window.ONEFONT || "DejaVu Sans") + " !important;--font-mono:DejaVu Sans Mono !important}"; document.documentElement.appendChild(s); });
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline", transferMode: "ReturnAsStream" }).catch(() => {});
await cdp.send("Profiler.start");
await page.goto(url, { waitUntil: "load" });
await page.waitForTimeout(3000);
const { profile } = await cdp.send("Profiler.stop");
fs.writeFileSync("/tmp/load.cpuprofile", JSON.stringify(profile));
// long tasks via trace
const chunks = [];
const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
await cdp.send("Tracing.end"); const { stream } = await done;
let data = ""; for (;;) { const r = await cdp.send("IO.read", { handle: stream }); data += r.data; if (r.eof) break; }
const events = JSON.parse(data).traceEvents ?? JSON.parse(data);
const tasks = events.filter((e) => e.name === "RunTask" && e.dur > 50000).map((e) => ({ ts: e.ts, dur: Math.round(e.dur / 1000) }));
const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
for (const t of tasks) {
  const inside = events.filter((e) => e.ts >= t.ts && e.ts + (e.dur || 0) <= t.ts + t.dur * 1000 && e.dur > 8000 && e.name !== "RunTask" && e.ph === "X");
  const names = {}; for (const e of inside) names[e.name] = (names[e.name] || 0) + e.dur / 1000;
  console.log(Math.round((t.ts - t0) / 1000), "ms task", t.dur, "ms:", Object.entries(names).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${Math.round(v)}`).join(", "));
}
for (const e of events.filter((e) => (e.name === "Layout" || e.name === "UpdateLayoutTree") && e.dur > 5000)) {
  console.log(Math.round((e.ts - t0) / 1000), e.name, Math.round(e.dur / 1000), "ms", JSON.stringify(e.args?.beginData ?? {}).slice(0, 300), JSON.stringify(e.args?.elementCount ?? e.args?.endData ?? "").slice(0, 120));
}
await browser.close();
