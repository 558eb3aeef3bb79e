import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { sourceText, startSourceTexts, stopSourceTexts } from "../../src/node/sourceTexts";

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
