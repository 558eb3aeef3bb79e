import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activeHeadingId } from "../../src/core/activeHeading";
import { afterAnchorJump, afterScroll, initialHideOnScroll } from "../../src/core/hideOnScroll";
import type { RouteStore } from "../../src/client/RouteStore";

describe("hide-on-scroll navbar", () => {
  it("hides on scroll down, shows on scroll up, and always shows near the top", () => {
    let state = initialHideOnScroll(0);
    state = afterScroll(state, 30, 60);
    expect(state.hidden).toBe(false);
    state = afterScroll(state, 400, 60);
    expect(state.hidden).toBe(true);
    state = afterScroll(state, 350, 60);
    expect(state.hidden).toBe(false);
    state = afterScroll(state, 500, 60);
    expect(state.hidden).toBe(true);
    state = afterScroll(state, 10, 60);
    expect(state.hidden).toBe(false);
  });

  it("hides on a jump to an anchor, even a jump upwards", () => {
    let state = afterScroll(initialHideOnScroll(0), 900, 60);
    state = afterScroll(state, 800, 60);
    expect(state.hidden).toBe(false);
    // hashchange arrives before the jump's scroll event …
    state = afterAnchorJump(state, 300);
    expect(state.hidden).toBe(true);
    state = afterScroll(state, 300, 60);
    expect(state.hidden).toBe(true);
    // … or after it.
    state = afterScroll(state, 200, 60);
    state = afterScroll(state, 100, 60);
    state = afterAnchorJump(state, 100);
    expect(state.hidden).toBe(true);
    expect(state.jumped).toBe(false);
  });
});

describe("active table-of-contents heading", () => {
  const headings = [
    { id: "a", top: -500 },
    { id: "b", top: 40 },
    { id: "c", top: 300 },
    { id: "d", top: 700 },
  ];
  it("is the last heading above the reading line", () => {
    expect(activeHeadingId(headings, 80, 800, false)).toBe("b");
    expect(activeHeadingId(headings, 20, 800, false)).toBe("a");
  });
  it("is the first heading before any was passed, and nothing without headings", () => {
    expect(activeHeadingId([{ id: "x", top: 500 }], 80, 800, false)).toBe("x");
    expect(activeHeadingId([], 80, 800, false)).toBeUndefined();
  });
  it("is the last visible heading at the bottom of the page", () => {
    expect(activeHeadingId(headings, 80, 800, true)).toBe("d");
  });
});

describe("navigation after preload", () => {
  const bar = { started: 0, finished: 0 };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    bar.started = 0;
    bar.finished = 0;
    vi.doMock("../../src/client/progressBar", () => ({
      startProgressBar: () => {
        bar.started++;
        return () => void bar.finished++;
      },
    }));
  });
  afterEach(() => {
    vi.doUnmock("../../src/client/progressBar");
    vi.useRealTimers();
    vi.resetModules();
  });

  it("changes the address only once the page is loaded, and completes the bar when the route has rendered", async () => {
    const { navigateAfterPreload, completeNavigation } = await import("../../src/client/navigation");
    let resolve!: () => void;
    const store = { preload: () => new Promise((done) => (resolve = () => done({ status: "ready", route: { path: "/guide/second" } }))) } as unknown as RouteStore;
    const go = vi.fn();
    const done = navigateAfterPreload(store, "/guide/second/#part", "/guide", { go, fullLoad: vi.fn() });
    expect(bar.started).toBe(1);
    expect(go).not.toHaveBeenCalled();
    resolve();
    await done;
    expect(go).toHaveBeenCalledWith("/guide/second#part");
    expect(bar.finished).toBe(0);
    completeNavigation();
    expect(bar.finished).toBe(1);
  });

  it("does not start the bar for the same path (case and trailing slash ignored)", async () => {
    const { navigateAfterPreload } = await import("../../src/client/navigation");
    const go = vi.fn();
    await navigateAfterPreload({ preload: vi.fn() } as unknown as RouteStore, "/Guide/#x", "/guide", { go, fullLoad: vi.fn() });
    expect(go).toHaveBeenCalledWith("/Guide/#x");
    expect(bar.started).toBe(0);
  });

  it("warns and loads the address in full when the preload fails", async () => {
    const { navigateAfterPreload } = await import("../../src/client/navigation");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const assign = vi.fn();
    const go = vi.fn();
    await navigateAfterPreload({ preload: () => Promise.reject(new Error("chunk 404")) } as unknown as RouteStore, "/guide/second", "/guide", { go, fullLoad: assign });
    expect(go).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith("/guide/second");
    expect(warn.mock.calls[0][0]).toMatch(/Could not load \/guide\/second .*chunk 404.*reloading/);
    expect(bar.finished).toBe(1);
    warn.mockRestore();
  });

  it("drops a navigation overtaken by a newer one", async () => {
    const { navigateAfterPreload } = await import("../../src/client/navigation");
    const resolvers: (() => void)[] = [];
    const store = { preload: () => new Promise((done) => resolvers.push(() => done({ status: "not-found" }))) } as unknown as RouteStore;
    const go = vi.fn();
    const slow = navigateAfterPreload(store, "/guide/slow", "/guide", { go, fullLoad: vi.fn() });
    const fast = navigateAfterPreload(store, "/guide/fast", "/guide", { go, fullLoad: vi.fn() });
    resolvers[1]();
    await fast;
    resolvers[0]();
    await slow;
    expect(go.mock.calls).toEqual([["/guide/fast"]]);
  });
});
