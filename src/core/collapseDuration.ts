/**
 * Taller content takes longer to open, but not proportionally: the duration
 * grows with roughly the fourth root of the height, as Material Design suggests.
 */
export function collapseDurationMs(heightPx: number): number {
  if (!Number.isFinite(heightPx) || heightPx <= 0) return 0;
  const constant = heightPx / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}
