import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CODE_CACHE_STATE, startCachedWorker } from "../../src/node/workerCodeCache";
import { tempFolders } from "./helpers/tempFolders";

const folder = tempFolders("worker-code-cache");

/** A worker bundle as scripts/run.mjs makes one: CommonJS, told its data, storing its cache once warmed up. */
const bundleSource = (greeting: string) => `
const { parentPort, workerData } = require("node:worker_threads");
const { format } = require("node:util");
const state = globalThis[Symbol.for(${JSON.stringify(CODE_CACHE_STATE)})];
function shout(text) { return format("%s!", text.toUpperCase()); }
state.ready();
parentPort.postMessage({ accepted: state.accepted, said: shout(workerData.name + ", ${greeting}"), file: __filename });
`;

async function run(bundle: string, cacheDir: string): Promise<{ accepted: boolean; said: string; file: string }> {
  const worker = startCachedWorker(bundle, cacheDir, { name: "orders" });
  try {
    return await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe("a worker started from a CommonJS bundle with V8's code cache", () => {
  it("runs the bundle with its data, stores the cache once it is warm, and takes it on the next start", async () => {
    const dir = folder();
    const bundle = path.join(dir, "compileWorker.cjs");
    writeFileSync(bundle, bundleSource("welcome"));
    const cacheDir = path.join(dir, "code-cache");
    expect(await run(bundle, cacheDir)).toEqual({ accepted: false, said: "ORDERS, WELCOME!", file: bundle });
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.bin$/)]);
    expect(await run(bundle, cacheDir)).toMatchObject({ accepted: true, said: "ORDERS, WELCOME!" });
  });

  it("reads a bundle with text beyond ASCII as UTF-8", async () => {
    const dir = folder();
    const bundle = path.join(dir, "compileWorker.cjs");
    writeFileSync(bundle, bundleSource("bienvenue à Zürich — 欢迎"));
    expect(await run(bundle, path.join(dir, "code-cache"))).toMatchObject({ said: "ORDERS, BIENVENUE À ZÜRICH — 欢迎!" });
  });

  it("passes over a damaged cache, still runs, and stores a sound one", async () => {
    const dir = folder();
    const bundle = path.join(dir, "compileWorker.cjs");
    writeFileSync(bundle, bundleSource("welcome"));
    const cacheDir = path.join(dir, "code-cache");
    await run(bundle, cacheDir);
    const [name] = readdirSync(cacheDir);
    const stored = readFileSync(path.join(cacheDir, name));
    // One byte of V8's data changed, its length the same: only the stored digest tells.
    stored[stored.length - 9] ^= 0xff;
    writeFileSync(path.join(cacheDir, name), stored);
    expect(await run(bundle, cacheDir)).toMatchObject({ accepted: false, said: "ORDERS, WELCOME!" });
    expect(await run(bundle, cacheDir)).toMatchObject({ accepted: true });
  });

  it("keeps one cache: a changed bundle gets its own, and the last one goes", async () => {
    const dir = folder();
    const bundle = path.join(dir, "compileWorker.cjs");
    const cacheDir = path.join(dir, "code-cache");
    writeFileSync(bundle, bundleSource("welcome"));
    await run(bundle, cacheDir);
    const [before] = readdirSync(cacheDir);
    writeFileSync(bundle, bundleSource("welcome back"));
    expect(await run(bundle, cacheDir)).toEqual({ accepted: false, said: "ORDERS, WELCOME BACK!", file: bundle });
    const after = readdirSync(cacheDir);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });
});
