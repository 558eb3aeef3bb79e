import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { visitInKeyOrder } from "../../src/core/search/keyOrder";

/** Visits every entry (or the first `limit`) and returns them in visit order, counting refinements. */
function visitAll(exactKeys: number[], slack: number[], limit = Infinity) {
  const keys = Float64Array.from(exactKeys, (key, i) => key + slack[i]!);
  const isBound = Uint8Array.from(slack, (extra) => (extra > 0 ? 1 : 0));
  const order: number[] = [];
  let refined = 0;
  visitInKeyOrder(
    keys,
    isBound,
    (entry) => {
      refined++;
      return exactKeys[entry]!;
    },
    (entry) => {
      order.push(entry);
      return order.length < limit;
    },
  );
  return { order, refined };
}

describe("visiting ranked entries in key order", () => {
  it("visits in the order of a full descending sort of the exact keys, whatever the bounds", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 200 }).chain((keys) =>
          fc.tuple(fc.constant(keys), fc.array(fc.integer({ min: 0, max: 3 }).map((n) => n * 5_000), { minLength: keys.length, maxLength: keys.length })),
        ),
        ([keys, slack]) => {
          const sorted = keys.map((key, i) => [key, i] as const).sort((a, b) => b[0] - a[0]).map(([, i]) => i);
          expect(visitAll(keys, slack).order).toEqual(sorted);
        },
      ),
    );
  });

  it("stops when told, refining only entries whose bound reached the top", () => {
    // 1,000 entries, all bounded high; the true best three are refined before any is visited.
    const keys = Array.from({ length: 1000 }, (_, i) => i);
    const slack = keys.map((key) => 2_000 - key);
    const { order, refined } = visitAll(keys, slack, 3);
    expect(order).toEqual([999, 998, 997]);
    expect(refined).toBe(1000);
    // Bounds that are tight for the best entries: only about as many refinements as visits.
    const tight = visitAll(keys, keys.map((key) => (key >= 990 ? 1 : 0)), 3);
    expect(tight.order).toEqual([999, 998, 997]);
    expect(tight.refined).toBeLessThanOrEqual(4);
  });
});
