import { format as nodeFormat, inspect as nodeInspect } from "node:util";
import { sql } from "pg-sql2";
import { describe, expect, test } from "vitest";
import { format, inspect } from "../../src/playground/inspect";

class Point {
  constructor(public x: number, public y: number) {}
}

// The playground prints in the browser what Node printed for the page's output block.
const values: Record<string, unknown> = {
  "compiled query": { text: "select $1 as answer", values: [42] },
  "long text breaks the object over lines": { text: "select $1 as answer from something long enough to wrap the line here", values: [42] },
  "rows": [{ id: 1, username: "alice" }, { id: 2, username: "bob" }, { id: 3, username: "carol" }],
  "quotes": ["it's", 'say "hi"', "a\nb", "é"],
  "keys that need quotes": { "a-b": 1, "Order Items": 2, [Symbol("s")]: 3 },
  "map, set, date, null prototype": { m: new Map([["k", 1]]), s: new Set([1, 2]), d: new Date(0), n: Object.create(null), e: [], o: {} },
  "functions and classes": { f: function named() {}, c: Point, a: () => 1 },
  "class instance": new Point(1, 2),
  "depth beyond 2": { a: { b: { c: { d: { e: 1 } } } } },
  "bigint, -0, undefined, symbol": [10n, -0, undefined, null, Symbol("x"), true],
  "pg-sql2 node with its own inspect": sql`select ${sql.value(1)}`,
  "nested innermost levels": { level1: { level2: { level3: { level4: "x" } }, other: [1, 2] }, more: "text" },
};

describe("inspect prints like Node's util.inspect", () => {
  for (const [name, value] of Object.entries(values)) {
    test(name, () => expect(inspect(value)).toBe(nodeInspect(value)));
  }
});

test("format handles %s, %d, %j, %O and extra arguments like util.format", () => {
  const cases: unknown[][] = [["a %s b %d", "x", 4, { y: 1 }], ["%j", { a: [1] }], ["100%%"], ["%O!", [1]], ["plain", "two", 3]];
  for (const args of cases) expect(format(...args)).toBe(nodeFormat(...args));
});
