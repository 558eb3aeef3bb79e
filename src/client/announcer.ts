/**
 * What the route announcer says: a client-side navigation changes the page
 * without a page load, so screen readers hear nothing unless told.
 */
let message = "";
const listeners = new Set<() => void>();

export function announceRoute(text: string): void {
  message = text;
  for (const listener of listeners) listener();
}

export function subscribeAnnouncement(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAnnouncement(): string {
  return message;
}
