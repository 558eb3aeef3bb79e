/** Node's `assert`, as much of it as the playground's packages use (pg-sql2 calls `assert.ok`). */
export class AssertionError extends Error {
  override name = "AssertionError";
}

export function ok(value: unknown, message?: string): asserts value {
  if (!value) throw new AssertionError(message ?? "The expression evaluated to a falsy value");
}

export function strictEqual(actual: unknown, expected: unknown, message?: string): void {
  if (!Object.is(actual, expected)) throw new AssertionError(message ?? `Expected values to be strictly equal: ${String(actual)} !== ${String(expected)}`);
}

const assert = Object.assign((value: unknown, message?: string) => ok(value, message), { ok, strictEqual, equal: strictEqual, AssertionError });
export default assert;
