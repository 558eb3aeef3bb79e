import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml, highlight, snippet, splitHighlighted, unescapeHtml, type WordMatcher } from "../../src/core/search/highlight";

const tags = { pre: "<mark>", post: "</mark>" };
const matchWords =
  (...words: string[]): WordMatcher =>
  (term) => {
    const word = words.findIndex((w) => term === w);
    return word >= 0 ? { word, length: null } : null;
  };

describe("highlight", () => {
  it("marks matched words and escapes everything else", () => {
    const result = highlight("a <b> & sql.raw", matchWords("sql", "raw"), ["sql", "raw"], 2, tags);
    expect(result.value).toBe("a &lt;b&gt; &amp; <mark>sql</mark>.<mark>raw</mark>");
    expect(result.matchLevel).toBe("full");
    expect(result.matchedWords).toEqual(["sql", "raw"]);
  });

  it("marks camelCase parts and only the typed part of a prefix", () => {
    expect(highlight("isEquivalent", matchWords("equivalent"), ["equivalent"], 1, tags).value).toBe("is<mark>Equivalent</mark>");
    const prefix: WordMatcher = (term) => (term.startsWith("ident") ? { word: 0, length: 5 } : null);
    expect(highlight("identifier", prefix, ["ident"], 1, tags).value).toBe("<mark>ident</mark>ifier");
  });

  it("reports partial and no matches", () => {
    expect(highlight("sql only", matchWords("sql", "raw"), ["sql", "raw"], 2, tags).matchLevel).toBe("partial");
    expect(highlight("nothing", matchWords("sql"), ["sql"], 1, tags).matchLevel).toBe("none");
  });
});

describe("snippet", () => {
  const text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen needle sixteen seventeen";
  it("cuts a window of words around the match with ellipses", () => {
    const cut = snippet(text, matchWords("needle"), 1, 6, "…", tags);
    expect(cut.value).toBe("…thirteen fourteen fifteen <mark>needle</mark> sixteen seventeen");
    expect(cut.text).toBe("…thirteen fourteen fifteen needle sixteen seventeen");
  });
  it("prefers the window holding more query words", () => {
    const cut = snippet("alpha x x x x x x x x alpha beta x x", matchWords("alpha", "beta"), 2, 3, "…", tags);
    expect(cut.value).toContain("<mark>alpha</mark> <mark>beta</mark>");
    expect(cut.matchLevel).toBe("full");
  });
  it("starts at the beginning when nothing matches", () => {
    expect(snippet(text, matchWords("zzz"), 1, 3, "…", tags).text).toBe("one two three…");
  });
});

describe("splitHighlighted", () => {
  it("turns highlighted HTML into text parts without parsing markup", () => {
    expect(splitHighlighted("a &lt;b&gt; <mark>x &amp; y</mark> <i>z</i>")).toEqual([
      { text: "a <b> ", marked: false },
      { text: "x & y", marked: true },
      { text: " <i>z</i>", marked: false },
    ]);
  });
  it("round-trips any text through escapeHtml", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(unescapeHtml(escapeHtml(text))).toBe(text);
        expect(splitHighlighted(escapeHtml(text)).map((part) => part.text).join("")).toBe(text);
      }),
    );
  });
});
