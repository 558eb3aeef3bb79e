interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching spends the reader's data, so it is skipped on 2g links and when they asked to save data. */
export function canPrefetch(): boolean {
  if (typeof navigator === "undefined") return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? "").includes("2g");
}
