import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { RACY_FILE_MS } from "../../src/core/constants";
import { markdownNames } from "../../src/node/markdown/linkedRoutes";
import { derivedFromSource, MISSING_SOURCE, sourceDigest, sourceText, startSourceTexts, stopSourceTexts, textDigest, unreadSource } from "../../src/node/sourceTexts";

describe("page sources read once per build", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "source-texts-"));
  const page = path.join(dir, "intro.md");
  afterEach(() => stopSourceTexts());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives every step of a build the text it first read, even when the file is saved meanwhile", () => {
    writeFileSync(page, "# Intro\n\nFirst draft.\n");
    startSourceTexts();
    expect(sourceText(page)).toBe("# Intro\n\nFirst draft.\n");
    writeFileSync(page, "# Intro\n\nSecond draft.\n");
    expect(sourceText(page)).toBe("# Intro\n\nFirst draft.\n");
  });

  it("reads the file as it is now outside a build, and in the next build", () => {
    writeFileSync(page, "# Intro\n\nFirst draft.\n");
    startSourceTexts();
    sourceText(page);
    stopSourceTexts();
    writeFileSync(page, "# Intro\n\nSecond draft.\n");
    expect(sourceText(page)).toBe("# Intro\n\nSecond draft.\n");
    writeFileSync(page, "# Intro\n\nThird draft.\n");
    startSourceTexts();
    expect(sourceText(page)).toBe("# Intro\n\nThird draft.\n");
  });
});

describe("what builds learn of a source, kept while its stat stays the same", () => {
  const site = mkdtempSync(path.join(tmpdir(), "source-memo-"));
  const page = path.join(site, "docs/guide.md");
  mkdirSync(path.dirname(page), { recursive: true });
  afterEach(() => stopSourceTexts());
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  /** A build that starts long enough after every write for no source to count as just changed. */
  const startLater = () => startSourceTexts(site, { now: () => Date.now() + RACY_FILE_MS + 1_000 });
  /** The title a build derives from the page, and whether it had to read the page for it. */
  function titleInBuild(start = startLater): { title: string; read: boolean } {
    start();
    let read = false;
    const title = derivedFromSource(page, "title", (text) => {
      read = true;
      return text.split("\n")[0];
    });
    stopSourceTexts();
    return { title, read };
  }

  it("is derived again only once the file changes, even at the same size and modification time", () => {
    // A whole second, which the file system stores exactly, as a tool restoring a time would.
    const mtime = new Date(Date.UTC(2026, 0, 1));
    writeFileSync(page, "# Alpha\n");
    utimesSync(page, mtime, mtime);
    expect(titleInBuild()).toEqual({ title: "# Alpha", read: true });
    expect(titleInBuild()).toEqual({ title: "# Alpha", read: false });
    writeFileSync(page, "# Gamma\n");
    utimesSync(page, mtime, mtime);
    expect(statSync(page).mtimeMs).toBe(mtime.getTime());
    expect(titleInBuild()).toEqual({ title: "# Gamma", read: true });
    expect(titleInBuild()).toEqual({ title: "# Gamma", read: false });
  });

  it("is not kept for a file changed just before the build read it, which could change again unseen", () => {
    writeFileSync(page, "# Beta\n");
    const rightAway = () => startSourceTexts(site);
    expect(titleInBuild(rightAway)).toEqual({ title: "# Beta", read: true });
    expect(titleInBuild(rightAway)).toEqual({ title: "# Beta", read: true });
  });

  it("gives the text's hash without reading an unchanged file, and a new one when it changes", () => {
    writeFileSync(page, "# Delta\n");
    startLater();
    const first = sourceDigest(page);
    stopSourceTexts();
    startLater();
    expect(sourceDigest(page)).toBe(first);
    stopSourceTexts();
    writeFileSync(page, "# Omega\n");
    startLater();
    expect(sourceDigest(page)).not.toBe(first);
    expect(sourceDigest(path.join(site, "docs/gone.md"))).toBe(MISSING_SOURCE);
  });

  it("describes a page for its compile key as its text would, in the build that reads it and in later ones", () => {
    const texts = ["# Zeta\n\nSee [the setup](./setup.md) and [the API](../api/index.mdx).\n", "# Zeta\n\nOnly [the API](../api/reference.md) now.\n"];
    for (const text of texts) {
      writeFileSync(page, text);
      for (let build = 0; build < 2; build++) {
        startLater();
        const source = unreadSource(page);
        expect(source.digest).toBe(textDigest(text));
        expect(source.markdownNames()).toEqual(markdownNames(text));
        expect(source.text()).toBe(text);
        stopSourceTexts();
      }
    }
    expect(markdownNames(texts[1]!)).toEqual(["reference.md"]);
  });

  it("keeps no value that JSON would change, and no error", () => {
    writeFileSync(page, "# Epsilon\n");
    let calls = 0;
    const dated = () => {
      calls++;
      return { when: new Date(0) };
    };
    for (let build = 0; build < 2; build++) {
      startLater();
      expect(derivedFromSource(page, "dated", dated).when).toBeInstanceOf(Date);
      expect(() => derivedFromSource(page, "failing", () => { throw new Error("bad front matter"); })).toThrow("bad front matter");
      stopSourceTexts();
    }
    expect(calls).toBe(2);
  });
});
