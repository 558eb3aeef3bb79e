/**
 * Browser storage that never throws: when storage is unavailable (private
 * mode, disabled cookies, SSR) it logs one warning and behaves as if empty.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

type StorageSource = () => Storage | undefined;

export function createSafeStorage(source: StorageSource, warn: (message: string) => void = console.warn): SafeStorage {
  let warned = false;
  const fail = (error: unknown) => {
    if (warned) return;
    warned = true;
    const reason = error instanceof Error ? error.message : String(error);
    warn(`Browser storage is unavailable, so settings will not be remembered (${reason}).`);
  };
  const withStorage = <T>(use: (storage: Storage) => T, fallback: T): T => {
    try {
      const storage = source();
      if (!storage) throw new Error("no storage in this environment");
      return use(storage);
    } catch (error) {
      fail(error);
      return fallback;
    }
  };
  return {
    get: (key) => withStorage((storage) => storage.getItem(key), null),
    set: (key, value) => withStorage((storage) => storage.setItem(key, value), undefined),
    remove: (key) => withStorage((storage) => storage.removeItem(key), undefined),
  };
}
