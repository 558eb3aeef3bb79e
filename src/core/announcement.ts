import { ANNOUNCEMENT_DISMISSED_STORAGE_KEY, ANNOUNCEMENT_ID_STORAGE_KEY } from "./constants";
import type { SafeStorage } from "./storage";

/**
 * Whether the bar with this id was dismissed. A stored dismissal belongs to
 * the id stored beside it: when the configured id changes, the old dismissal
 * is forgotten and the new bar shows.
 */
export function isAnnouncementDismissed(storage: SafeStorage, barId: string): boolean {
  const storedId = storage.get(ANNOUNCEMENT_ID_STORAGE_KEY);
  if (storedId !== barId) {
    storage.set(ANNOUNCEMENT_ID_STORAGE_KEY, barId);
    storage.set(ANNOUNCEMENT_DISMISSED_STORAGE_KEY, "false");
    return false;
  }
  return storage.get(ANNOUNCEMENT_DISMISSED_STORAGE_KEY) === "true";
}

export function dismissAnnouncement(storage: SafeStorage, barId: string): void {
  storage.set(ANNOUNCEMENT_ID_STORAGE_KEY, barId);
  storage.set(ANNOUNCEMENT_DISMISSED_STORAGE_KEY, "true");
}
