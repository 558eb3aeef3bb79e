/**
 * Visiting ranked entries from the best down without sorting them all: a query that shows 20
 * hits out of 16,000 candidates needs the order of its first few dozen only.
 *
 * Some keys may start as upper bounds (a criterion too costly to work out for every candidate);
 * `exact(i)` gives the entry's true key, never above its bound, and is called only for entries
 * that reach the top. The visit order is the same as a full descending sort of the exact keys.
 */
export function visitInKeyOrder(
  keys: Float64Array,
  isBound: Uint8Array,
  exact: (entry: number) => number,
  visit: (entry: number) => boolean,
): void {
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
  while (size > 0) {
    const top = heap[0]!;
    if (isBound[top]) {
      isBound[top] = 0;
      keys[top] = exact(top);
      siftDown(0);
      continue;
    }
    if (!visit(top)) return;
    heap[0] = heap[--size]!;
    siftDown(0);
  }
}
