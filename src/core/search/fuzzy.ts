/** One-typo matching: a typo is one letter inserted, removed, replaced, or two neighbours swapped. */

/** True when `a` and `b` differ by at most one typo. */
export function withinOneTypo(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    // Replaced letter, or swapped neighbours.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One letter more in the longer word.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** True when some beginning of `term` is within one typo of the typed `prefix`. */
export function prefixWithinOneTypo(prefix: string, term: string): boolean {
  const length = prefix.length;
  for (let cut = length - 1; cut <= length + 1; cut++) {
    if (cut < 1 || cut > term.length) continue;
    if (withinOneTypo(prefix, term.slice(0, cut))) return true;
  }
  return false;
}
