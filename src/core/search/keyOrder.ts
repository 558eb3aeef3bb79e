/**
 * Visiting ranked entries from the best down without sorting them all: a query that shows 20
 * hits out of 16,000 candidates needs the order of its first few dozen only.
 *
 * Some keys may start as upper bounds (a criterion that needs data not downloaded yet); `exact(i)`
 * gives the entry's true key, never above its bound, and is called only for entries that reach
 * the top. It may answer `undefined` (not known yet): the visit then pauses and can be resumed
 * once the data is there. The visit order is the same as a full descending sort of the exact keys.
 */
export interface KeyOrder {
  /**
   * Visits entries until `visit` returns false or every entry is visited (answers -1), or until
   * an entry's exact key is not known yet (answers that entry; call again to resume). An entry
   * for which `skip` holds when it reaches the top is dropped unvisited, its exact key unasked.
   */
  run(exact: (entry: number) => number | undefined, visit: (entry: number) => boolean, skip?: (entry: number) => boolean): number;
  /** Up to `count` entries not visited yet whose key is still a bound and for which `keep` holds, best first. */
  bounded(count: number, keep: (entry: number) => boolean): number[];
}

export function keyOrder(keys: Float64Array, isBound: Uint8Array): KeyOrder {
  const heap = new Int32Array(keys.length);
  for (let i = 0; i < heap.length; i++) heap[i] = i;
  let size = heap.length;
  const siftDown = (at: number) => {
    const entry = heap[at]!;
    const key = keys[entry]!;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && keys[heap[child + 1]!]! > keys[heap[child]!]!) child++;
      if (keys[heap[child]!]! <= key) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = entry;
  };
  for (let at = (size >> 1) - 1; at >= 0; at--) siftDown(at);
  const pop = () => {
    heap[0] = heap[--size]!;
    siftDown(0);
  };
  return {
    run(exact, visit, skip) {
      while (size > 0) {
        const top = heap[0]!;
        if (skip?.(top)) {
          pop();
          continue;
        }
        if (isBound[top]) {
          const key = exact(top);
          if (key === undefined) return top;
          isBound[top] = 0;
          keys[top] = key;
          siftDown(0);
          continue;
        }
        pop();
        if (!visit(top)) return -1;
      }
      return -1;
    },
    bounded(count, keep) {
      const found: number[] = [];
      for (let at = 0; at < size; at++) {
        const entry = heap[at]!;
        if (isBound[entry] && keep(entry)) found.push(entry);
      }
      return found.sort((a, b) => keys[b]! - keys[a]!).slice(0, count);
    },
  };
}

/** Visits entries in key order, every exact key known at once (see keyOrder). */
export function visitInKeyOrder(keys: Float64Array, isBound: Uint8Array, exact: (entry: number) => number, visit: (entry: number) => boolean): void {
  keyOrder(keys, isBound).run(exact, visit);
}
