import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decodeText, readText } from "../../src/node/text";

describe("reading text files", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "graphile-docs-text-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives the same text as UTF-8 decoding, for ASCII, for text beyond it and for broken bytes", () => {
    const samples = [
      Buffer.from('{"title":"Placeholders","path":"/pg-sql2/placeholders"}'),
      Buffer.from('{"title":"Café — résumé, 東京 and 🐘"}'),
      Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0xe2, 0x82, 0x22, 0x7d]),
    ];
    for (const bytes of samples) {
      expect(decodeText(bytes)).toBe(bytes.toString("utf8"));
      const file = path.join(dir, "sample.json");
      writeFileSync(file, bytes);
      expect(readText(file)).toBe(bytes.toString("utf8"));
    }
  });

  it("decodes a part of a buffer by that part's own bytes", () => {
    const bytes = Buffer.from('{"a":1}\n{"b":"Zürich"}\n{"c":2}');
    const secondLine = bytes.indexOf("\n") + 1;
    const thirdLine = bytes.lastIndexOf("\n") + 1;
    expect(decodeText(bytes, 0, secondLine - 1)).toBe('{"a":1}');
    expect(decodeText(bytes, secondLine, thirdLine - 1)).toBe('{"b":"Zürich"}');
    expect(decodeText(bytes, thirdLine)).toBe('{"c":2}');
  });
});
