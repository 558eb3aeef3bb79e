import { describe, expect, it, vi } from "vitest";
import { dismissAnnouncement, isAnnouncementDismissed } from "../../src/core/announcement";
import { collapseDurationMs } from "../../src/core/collapseDuration";
import { nextColorModeChoice, parseColorModeChoice, resolveColorMode } from "../../src/core/colorMode";
import { ANNOUNCEMENT_DISMISSED_STORAGE_KEY, ANNOUNCEMENT_ID_STORAGE_KEY, PREFERRED_VERSION_STORAGE_PREFIX } from "../../src/core/constants";
import { readPreferredVersion, savePreferredVersion } from "../../src/core/preferredVersion";
import { createSafeStorage } from "../../src/core/storage";

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe("safe storage", () => {
  it("acts as empty and warns once when storage throws", () => {
    const warn = vi.fn();
    const storage = createSafeStorage(() => {
      throw new Error("SecurityError: denied");
    }, warn);
    expect(storage.get("theme")).toBeNull();
    storage.set("theme", "dark");
    expect(storage.get("theme")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/storage is unavailable/);
  });

  it("reads back what it wrote when storage works", () => {
    const storage = createSafeStorage(((backing) => () => backing)(memoryStorage()));
    storage.set("k", "v");
    expect(storage.get("k")).toBe("v");
  });
});

describe("colour mode", () => {
  it("flips between light and dark when system preference is ignored", () => {
    expect(nextColorModeChoice("light", false)).toBe("dark");
    expect(nextColorModeChoice("dark", false)).toBe("light");
  });

  it("cycles light, dark, system when system preference is respected", () => {
    expect(nextColorModeChoice("light", true)).toBe("dark");
    expect(nextColorModeChoice("dark", true)).toBe("system");
    expect(nextColorModeChoice("system", true)).toBe("light");
  });

  it("ignores unknown or unsupported stored values", () => {
    expect(parseColorModeChoice("purple", false)).toBeNull();
    expect(parseColorModeChoice("system", false)).toBeNull();
    expect(parseColorModeChoice("system", true)).toBe("system");
    expect(resolveColorMode("system", true)).toBe("dark");
  });
});

describe("preferred docs version", () => {
  it("clears a stored name that matches no version and reads null", () => {
    const backing = memoryStorage();
    const storage = createSafeStorage(() => backing);
    savePreferredVersion(storage, "pg-sql2", "1.0");
    expect(readPreferredVersion(storage, "pg-sql2", ["current"])).toBeNull();
    expect(backing.getItem(`${PREFERRED_VERSION_STORAGE_PREFIX}pg-sql2`)).toBeNull();
  });

  it("keeps a stored name that matches, per plugin", () => {
    const storage = createSafeStorage(((backing) => () => backing)(memoryStorage()));
    savePreferredVersion(storage, "a", "current");
    expect(readPreferredVersion(storage, "a", ["current"])).toBe("current");
    expect(readPreferredVersion(storage, "b", ["current"])).toBeNull();
  });
});

describe("announcement bar dismissal", () => {
  it("stores the flag and the bar id under two keys", () => {
    const backing = memoryStorage();
    const storage = createSafeStorage(() => backing);
    expect(isAnnouncementDismissed(storage, "v1")).toBe(false);
    dismissAnnouncement(storage, "v1");
    expect(backing.getItem(ANNOUNCEMENT_DISMISSED_STORAGE_KEY)).toBe("true");
    expect(backing.getItem(ANNOUNCEMENT_ID_STORAGE_KEY)).toBe("v1");
    expect(isAnnouncementDismissed(storage, "v1")).toBe(true);
  });

  it("shows again when the bar's id changes", () => {
    const storage = createSafeStorage(((backing) => () => backing)(memoryStorage()));
    dismissAnnouncement(storage, "v1");
    expect(isAnnouncementDismissed(storage, "v2")).toBe(false);
    expect(isAnnouncementDismissed(storage, "v2")).toBe(false);
  });
});

describe("collapsible duration", () => {
  it("grows with content height, slower than linearly", () => {
    const small = collapseDurationMs(100);
    const large = collapseDurationMs(1000);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeGreaterThan(small);
    expect(large).toBeLessThan(small * 10);
    expect(collapseDurationMs(0)).toBe(0);
  });
});
