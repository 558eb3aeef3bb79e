import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanLeftovers, isProcessAlive } from "../../src/node/build/leftovers";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function site(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "leftovers-"));
  dirs.push(dir);
  return dir;
}

describe("leftovers of interrupted builds", () => {
  it("removes staging, half-swapped and server-bundle folders of dead processes only", () => {
    const dir = site();
    const make = (relative: string) => mkdirSync(path.join(dir, relative), { recursive: true });
    for (const relative of ["build.tmp-111", "build.old-111", ".cache/ssr-111-1", "build.tmp-222", ".cache/ssr-222-3", "build", "notes.tmp-111", "docs"]) make(relative);
    const removed = cleanLeftovers(dir, path.join(dir, "build"), (pid) => pid === 222);
    expect(removed.map((full) => path.relative(dir, full)).sort()).toEqual([".cache/ssr-111-1", "build.old-111", "build.tmp-111"]);
    for (const kept of ["build.tmp-222", ".cache/ssr-222-3", "build", "notes.tmp-111", "docs"]) expect(existsSync(path.join(dir, kept))).toBe(true);
  });

  it("finishes removing folders a build set aside over a minute ago, and leaves younger ones to the removal already running", async () => {
    const dir = site();
    const setAside = ["build.old-111.discarded-0123456789ab", ".cache/ssr-111-2.discarded-00000000beef"];
    for (const relative of setAside) mkdirSync(path.join(dir, relative, "docs"), { recursive: true });
    expect(cleanLeftovers(dir, path.join(dir, "build"), () => false)).toEqual([]);
    expect(setAside.every((relative) => existsSync(path.join(dir, relative)))).toBe(true);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    let removed: string[];
    try {
      removed = cleanLeftovers(dir, path.join(dir, "build"), () => false);
    } finally {
      vi.useRealTimers();
    }
    expect(removed.map((full) => path.relative(dir, full)).sort()).toEqual([...setAside].sort());
    // Each folder goes in a removal of its own, in the background: one finished says nothing of the other.
    await vi.waitFor(() => expect(readdirSync(path.join(dir, ".cache"))).toEqual([]), { timeout: 10_000 });
    await vi.waitFor(() => expect(readdirSync(dir)).toEqual([".cache"]), { timeout: 10_000 });
  });

  it("knows this process is alive and a finished one is not", async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    const child = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => child.on("exit", resolve));
    expect(isProcessAlive(child.pid!)).toBe(false);
  });

  it("removes the current build's staging folders on Ctrl-C and exits as interrupted", async () => {
    const dir = site();
    const staging = [path.join(dir, "build.tmp-x"), path.join(dir, ".cache/ssr-x-1")];
    const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "helpers/interruptedBuild.ts"), ...staging], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve) => child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve()));
    expect(staging.every((folder) => existsSync(folder))).toBe(true);
    child.kill("SIGINT");
    const signal = await new Promise((resolve) => child.on("exit", (_code, sig) => resolve(sig)));
    expect(signal).toBe("SIGINT");
    expect(staging.some((folder) => existsSync(folder))).toBe(false);
  }, 60_000);
});
