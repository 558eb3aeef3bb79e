import { PREFERRED_VERSION_STORAGE_PREFIX } from "./constants";
import type { SafeStorage } from "./storage";

/**
 * The version a reader last chose for a docs plugin. A stored name that no
 * longer names a version (the site dropped it) is cleared and read as null.
 */
export function readPreferredVersion(
  storage: SafeStorage,
  pluginId: string,
  versionNames: readonly string[],
): string | null {
  const key = PREFERRED_VERSION_STORAGE_PREFIX + pluginId;
  const stored = storage.get(key);
  if (stored === null) return null;
  if (versionNames.includes(stored)) return stored;
  storage.remove(key);
  return null;
}

export function savePreferredVersion(storage: SafeStorage, pluginId: string, versionName: string): void {
  storage.set(PREFERRED_VERSION_STORAGE_PREFIX + pluginId, versionName);
}
