import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { outputWriter } from "../../src/node/build/outputWriter";
import { listOutput } from "../../src/node/build/outputListing";
import { outputContentHash } from "../../src/node/plugins/outputContentHash";

describe("the build's output writer (its own thread)", () => {
  const root = mkdtempSync(path.join(tmpdir(), "output-writer-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("writes every file handed over, and tells of each only once it is on disk", async () => {
    const out = path.join(root, "first");
    const toldWhenPresent: boolean[] = [];
    const writer = outputWriter(out, { onWritten: (file) => toldWhenPresent.push(existsSync(file)) });
    try {
      for (let page = 0; page < 100; page++) writer.write(path.join(out, `guide/page-${page}/index.html`), `<h1>Page ${page}</h1>`);
      writer.write(path.join(out, "assets/logo.bin"), new Uint8Array([0, 1, 2, 250]));
      await writer.flush();
    } finally {
      await writer.close();
    }
    expect(readFileSync(path.join(out, "guide/page-42/index.html"), "utf8")).toBe("<h1>Page 42</h1>");
    expect([...readFileSync(path.join(out, "assets/logo.bin"))]).toEqual([0, 1, 2, 250]);
    expect(toldWhenPresent).toHaveLength(101);
    expect(toldWhenPresent.every(Boolean)).toBe(true);
  });

  it("links a file unchanged since the previous output and writes a changed one anew, leaving the previous output as it was", async () => {
    const previous = path.join(root, "previous");
    mkdirSync(path.join(previous, "docs"), { recursive: true });
    writeFileSync(path.join(previous, "docs/same.html"), "<p>same</p>");
    writeFileSync(path.join(previous, "docs/edited.html"), "<p>before</p>");
    const out = path.join(root, "next");
    const writer = outputWriter(out, { previousOutDir: previous });
    try {
      writer.write(path.join(out, "docs/same.html"), "<p>same</p>");
      writer.write(path.join(out, "docs/edited.html"), "<p>after</p>");
      // Written twice in one build: the second must replace the link, not write through it.
      writer.write(path.join(out, "docs/same.html"), "<p>same, then changed</p>");
      writer.write(path.join(out, "docs/kept.html"), "<p>kept</p>");
      writer.write(path.join(out, "docs/kept.html"), "<p>kept</p>");
      await writer.flush();
    } finally {
      await writer.close();
    }
    expect(readFileSync(path.join(out, "docs/same.html"), "utf8")).toBe("<p>same, then changed</p>");
    expect(readFileSync(path.join(previous, "docs/same.html"), "utf8")).toBe("<p>same</p>");
    expect(readFileSync(path.join(out, "docs/edited.html"), "utf8")).toBe("<p>after</p>");
    expect(readFileSync(path.join(previous, "docs/edited.html"), "utf8")).toBe("<p>before</p>");
    expect(statSync(path.join(out, "docs/edited.html")).ino).not.toBe(statSync(path.join(previous, "docs/edited.html")).ino);

    const linked = path.join(root, "linked");
    const again = outputWriter(linked, { previousOutDir: previous });
    try {
      again.write(path.join(linked, "docs/same.html"), "<p>same</p>");
      await again.flush();
    } finally {
      await again.close();
    }
    expect(statSync(path.join(linked, "docs/same.html")).ino).toBe(statSync(path.join(previous, "docs/same.html")).ino);
  });

  it("makes a build that hands over more than the queue may hold wait until the thread has written enough", async () => {
    const out = path.join(root, "large");
    const writer = outputWriter(out);
    const files = [0, 1, 2].map((index) => path.join(out, `search-index/part-${index}.json`));
    try {
      // 30 MB handed over at once: room() may answer only once at most 16 MB wait.
      for (const file of files) writer.write(file, new Uint8Array(10 * 1024 * 1024).fill(120));
      await writer.room();
      expect(files.filter((file) => existsSync(file) && statSync(file).size === 10 * 1024 * 1024).length).toBeGreaterThanOrEqual(2);
      await writer.flush();
    } finally {
      await writer.close();
    }
    expect(files.every((file) => statSync(file).size === 10 * 1024 * 1024)).toBe(true);
  });

  it("fails the flush with the file system's error, naming the path, when a file cannot be made", async () => {
    const out = path.join(root, "blocked");
    mkdirSync(out, { recursive: true });
    // A file where a folder must go.
    writeFileSync(path.join(out, "guide"), "not a folder");
    const writer = outputWriter(out);
    try {
      writer.write(path.join(out, "index.html"), "<h1>Home</h1>");
      writer.write(path.join(out, "guide/intro/index.html"), "<h1>Intro</h1>");
      await expect(writer.flush()).rejects.toMatchObject({ code: expect.stringMatching(/^(ENOTDIR|EEXIST)$/), path: expect.stringContaining(path.join(out, "guide")) });
    } finally {
      await writer.close();
    }
    expect(readFileSync(path.join(out, "index.html"), "utf8")).toBe("<h1>Home</h1>");
  });
  it.each([
    ["the disk", false],
    ["the previous output's listing", true],
  ])("keeps a file from the previous output unread, with its compressed copies when they are not older than it (times from %s)", async (_from, fromListing) => {
    const previous = path.join(root, `previous-with-copies-${fromListing}`);
    mkdirSync(path.join(previous, "guide"), { recursive: true });
    const page = (name: string) => path.join(previous, "guide", name);
    for (const name of ["intro.html", "setup.html", "faq.html", "tiny.html"]) writeFileSync(page(name), `<h1>${name}</h1>`);
    for (const name of ["intro.html", "setup.html", "faq.html"]) for (const suffix of [".br", ".gz"]) writeFileSync(page(name + suffix), `${name}${suffix}`);
    // setup.html was rewritten in place after its copies were made: they no longer fit it.
    const earlier = new Date(Date.now() - 60_000);
    for (const suffix of [".br", ".gz"]) utimesSync(page(`setup.html${suffix}`), earlier, earlier);
    // faq.html lost one of its copies.
    rmSync(page("faq.html.gz"));
    const out = path.join(root, `next-with-copies-${fromListing}`);
    const told = new Map<string, boolean>();
    const previousListing = fromListing ? listOutput(previous) : undefined;
    const writer = outputWriter(out, { previousOutDir: previous, derivedSuffixes: [".br", ".gz"], previousListing, onWritten: (file, derivedKept) => told.set(path.basename(file), derivedKept) });
    try {
      writer.keep(path.join(out, "guide/intro.html"));
      writer.keep(path.join(out, "guide/setup.html"));
      writer.keep(path.join(out, "guide/tiny.html"));
      writer.write(path.join(out, "guide/faq.html"), "<h1>faq.html</h1>");
      await writer.flush();
    } finally {
      await writer.close();
    }
    const same = (name: string) => statSync(path.join(out, "guide", name)).ino === statSync(page(name)).ino;
    expect(same("intro.html") && same("intro.html.br") && same("intro.html.gz")).toBe(true);
    expect(same("setup.html") && same("tiny.html") && same("faq.html")).toBe(true);
    expect(Object.fromEntries(told)).toEqual({ "intro.html": true, "setup.html": false, "tiny.html": true, "faq.html": false });
    expect(readdirSync(path.join(out, "guide")).sort()).toEqual(["faq.html", "intro.html", "intro.html.br", "intro.html.gz", "setup.html", "tiny.html"]);
  });

  it("hashes a file the same whether it is handed over as text or as its UTF-8 bytes, so the next build links it by its record", async () => {
    const first = path.join(root, "as-text");
    const page = "<h1>Café straße ✓</h1>";
    const writer = outputWriter(first);
    try {
      writer.write(path.join(first, "llms-full.txt"), page);
      await writer.flush();
    } finally {
      await writer.close();
    }
    const listing = listOutput(first);
    const previousHashes = listing.map((line) => writer.contentHashes.get(line) ?? null);
    // The old file rewritten behind the record's back: only a recorded hash equal to the new bytes' links it.
    writeFileSync(path.join(first, "llms-full.txt"), "the record vouches for these bytes, not their own");
    const second = path.join(root, "as-bytes");
    const next = outputWriter(second, { previousOutDir: first, previousListing: listing, previousHashes });
    try {
      next.write(path.join(second, "llms-full.txt"), new TextEncoder().encode(page));
      await next.flush();
    } finally {
      await next.close();
    }
    expect(statSync(path.join(second, "llms-full.txt")).ino).toBe(statSync(path.join(first, "llms-full.txt")).ino);
  });

  it("writes text handed over in parts as the text whole, hashed alike, and links it unchanged by its record", async () => {
    // Parts of every size around the thread's buffer (1 MB): many small ones, a line of three-byte
    // characters, one larger than the buffer, and the small ones after it.
    const pages = Array.from({ length: 3000 }, (_, n) => `# Page ${n}\n\nSource: https://example.org/p/${n}\n\n`);
    const parts = [...pages, "✓ straße ".repeat(60_000), "x".repeat(1_500_000), ...pages.slice(0, 10), "\n"];
    const whole = parts.join("");
    const first = path.join(root, "in-parts");
    const writer = outputWriter(first);
    try {
      // From 1 MB the parts go to the thread as their bytes; smaller ones as parts.
      writer.write(path.join(first, "llms-full.txt"), parts);
      writer.write(path.join(first, "whole.txt"), whole);
      writer.write(path.join(first, "small.txt"), [...pages.slice(0, 50), "✓ straße"]);
      await writer.flush();
    } finally {
      await writer.close();
    }
    expect(readFileSync(path.join(first, "llms-full.txt"), "utf8")).toBe(whole);
    expect(readFileSync(path.join(first, "small.txt"), "utf8")).toBe(`${pages.slice(0, 50).join("")}✓ straße`);
    const listing = listOutput(first);
    const hashes = listing.map((line) => writer.contentHashes.get(line) ?? null);
    expect(hashes[listing.findIndex((line) => line.startsWith("llms-full.txt\t"))]).toBe(hashes[listing.findIndex((line) => line.startsWith("whole.txt\t"))]);
    const second = path.join(root, "in-parts-again");
    const next = outputWriter(second, { previousOutDir: first, previousListing: listing, previousHashes: hashes });
    try {
      next.write(path.join(second, "llms-full.txt"), parts);
      await next.flush();
    } finally {
      await next.close();
    }
    expect(statSync(path.join(second, "llms-full.txt")).ino).toBe(statSync(path.join(first, "llms-full.txt")).ino);
  });

  it("copies parts given as bytes of the last output's files from there, hashes them as the whole text, and tells the hash", async () => {
    const previous = path.join(root, "ranges-previous");
    mkdirSync(previous, { recursive: true });
    // Larger than the thread's reading buffer (1 MB), with three-byte characters across its edges.
    const lastText = `# Kept\n\n${"Crème brûlée, ✓ twice. ".repeat(60_000)}\n\n---\n\n# Edited\n\nOld text.`;
    writeFileSync(path.join(previous, "llms-full.txt"), lastText);
    const keptEnd = Buffer.byteLength(lastText.slice(0, lastText.indexOf("\n\n---")));
    const out = path.join(root, "ranges-next");
    const told = new Map<string, string | undefined>();
    const writer = outputWriter(out, { previousOutDir: previous, onWritten: (file, _derivedKept, _bytes, hash) => told.set(path.basename(file), hash) });
    const parts = [{ previousFile: "llms-full.txt", start: 0, end: keptEnd }, "\n\n---\n\n# Edited\n\nNew text.\n"];
    const expected = `${lastText.slice(0, lastText.indexOf("\n\n---"))}\n\n---\n\n# Edited\n\nNew text.\n`;
    try {
      writer.write(path.join(out, "llms-full.txt"), parts);
      writer.write(path.join(out, "past-the-end.txt"), [{ previousFile: "llms-full.txt", start: keptEnd, end: keptEnd + 10_000 }]);
      await expect(writer.flush()).rejects.toThrow(/llms-full\.txt: holds no bytes/);
    } finally {
      await writer.close();
    }
    expect(readFileSync(path.join(out, "llms-full.txt"), "utf8")).toBe(expected);
    expect(told.get("llms-full.txt")).toBe(outputContentHash(expected));
  });

  it("records each file's listing line and content hash, and links by a recorded hash without reading the old file", async () => {
    const first = path.join(root, "hashed-first");
    const writer = outputWriter(first);
    try {
      writer.write(path.join(first, "guide/intro/index.html"), "<h1>Intro</h1>");
      writer.write(path.join(first, "assets/app.js"), "console.log('app');");
      await writer.flush();
    } finally {
      await writer.close();
    }
    // The lines are listOutput's, so the record can tell which hashes still hold.
    const listing = listOutput(first);
    expect([...writer.contentHashes.keys()].sort()).toEqual(listing);
    const previousHashes = listing.map((line) => writer.contentHashes.get(line) ?? null);
    // Plugins hash with the same recipe to tell which of the last output's files they would write again (previousFiles).
    expect(writer.contentHashes.get(listing.find((line) => line.startsWith(path.join("assets", "app.js")))!)).toBe(outputContentHash("console.log('app');"));

    // A recorded hash is trusted: this old file's bytes differ, but its record says they are the new bytes'.
    const intro = path.join(first, "guide/intro/index.html");
    const second = path.join(root, "hashed-second");
    const next = outputWriter(second, { previousOutDir: first, previousListing: listing, previousHashes });
    try {
      next.write(path.join(second, "guide/intro/index.html"), "<h1>Intro</h1>");
      next.write(path.join(second, "assets/app.js"), "console.log('app, edited');");
      next.keep(path.join(second, "guide/intro/index.html"));
      await next.flush();
    } finally {
      await next.close();
    }
    expect(statSync(path.join(second, "guide/intro/index.html")).ino).toBe(statSync(intro).ino);
    expect(readFileSync(path.join(second, "assets/app.js"), "utf8")).toBe("console.log('app, edited');");
    // The linked file keeps its hash for the build after; the rewritten one has a new line and hash.
    const nextListing = listOutput(second);
    expect([...next.contentHashes.keys()].sort()).toEqual(nextListing);
    expect(next.contentHashes.get(nextListing.find((line) => line.startsWith(path.join("guide", "intro")))!)).toBe(writer.contentHashes.get(listing.find((line) => line.startsWith(path.join("guide", "intro")))!));

    const trusting = path.join(root, "hashed-third");
    const recordedAsNew = listing.map((line) => (line.startsWith(path.join("assets", "app.js")) ? next.contentHashes.get(nextListing.find((entry) => entry.startsWith(path.join("assets", "app.js")))!)! : null));
    const third = outputWriter(trusting, { previousOutDir: first, previousListing: listing, previousHashes: recordedAsNew });
    try {
      third.write(path.join(trusting, "assets/app.js"), "console.log('app, edited');");
      await third.flush();
    } finally {
      await third.close();
    }
    expect(statSync(path.join(trusting, "assets/app.js")).ino).toBe(statSync(path.join(first, "assets/app.js")).ino);
  });

  it("keeps a content-named file the last output lists, unread, and leaves one it does not list to be written", async () => {
    const last = path.join(root, "named-last");
    mkdirSync(path.join(last, "assets"), { recursive: true });
    writeFileSync(path.join(last, "assets/page-setup-Ab12Cd34.js"), "export const page = 1;");
    const out = path.join(root, "named-next");
    const writer = outputWriter(out, { previousOutDir: last, previousListing: listOutput(last) });
    let kept: boolean[];
    try {
      kept = [writer.keepIfListed(path.join(out, "assets/page-setup-Ab12Cd34.js")), writer.keepIfListed(path.join(out, "assets/page-setup-Ef56Gh78.js"))];
      await writer.flush();
    } finally {
      await writer.close();
    }
    expect(kept).toEqual([true, false]);
    expect(statSync(path.join(out, "assets/page-setup-Ab12Cd34.js")).ino).toBe(statSync(path.join(last, "assets/page-setup-Ab12Cd34.js")).ino);
    expect(existsSync(path.join(out, "assets/page-setup-Ef56Gh78.js"))).toBe(false);
    // Without a verified last output, nothing is kept.
    const alone = outputWriter(path.join(root, "named-alone"));
    try {
      expect(alone.keepIfListed(path.join(root, "named-alone/assets/page-setup-Ab12Cd34.js"))).toBe(false);
    } finally {
      await alone.close();
    }
  });
});
