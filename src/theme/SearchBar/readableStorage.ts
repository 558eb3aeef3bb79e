import type { SafeStorage } from "../../core/storage";

/**
 * @docsearch/react reads `window.localStorage` itself (recent and favourite searches, and a size
 * check when the modal mounts), and only some of those reads are guarded: where the browser
 * blocks site data, merely reading the property throws and the modal crashes the page. Before
 * the modal first renders, a property that throws is replaced by a storage that is always empty
 * and forgets what is written, which is what spec section 8 asks of unavailable storage. The
 * warning comes from the site's own storage wrapper (logged once per page), which from then on
 * reads this empty storage too.
 */
const emptyStorage: Storage = Object.freeze(
  Object.create(Object.prototype, {
    length: { get: () => 0 },
    key: { value: () => null },
    getItem: { value: () => null },
    setItem: { value: () => undefined },
    removeItem: { value: () => undefined },
    clear: { value: () => undefined },
  }) as Storage,
);

export function makeLocalStorageReadable(siteStorage: SafeStorage): void {
  try {
    void window.localStorage;
  } catch {
    // Logs the wrapper's warning, unless something read storage before.
    siteStorage.get("");
    Object.defineProperty(window, "localStorage", { configurable: true, value: emptyStorage });
  }
}
