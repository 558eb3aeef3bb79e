import { afterEach, describe, expect, it, vi } from "vitest";
import { scrollToHashOrTop } from "../../src/client/scrolling";

afterEach(() => vi.unstubAllGlobals());

function page(ids: string[]) {
  const scrolledInto: string[] = [];
  const scrollTo = vi.fn();
  vi.stubGlobal("document", { getElementById: (id: string) => (ids.includes(id) ? { scrollIntoView: () => scrolledInto.push(id) } : null) });
  vi.stubGlobal("window", { scrollTo });
  return { scrolledInto, scrollTo };
}

describe("scrolling after a navigation", () => {
  it("scrolls to the element an escaped hash names", () => {
    const { scrolledInto, scrollTo } = page(["été"]);
    scrollToHashOrTop("#%C3%A9t%C3%A9");
    expect(scrolledInto).toEqual(["été"]);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("takes a hash with a malformed escape as written instead of crashing, and scrolls to the top when nothing has that id", () => {
    const { scrolledInto, scrollTo } = page(["%E0%A4%A"]);
    expect(() => scrollToHashOrTop("#%E0%A4%A")).not.toThrow();
    expect(scrolledInto).toEqual(["%E0%A4%A"]);
    page([]);
    expect(() => scrollToHashOrTop("#%E0%A4%A")).not.toThrow();
  });
});
