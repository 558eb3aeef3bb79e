/** Node's `module` for the worker bundle: PGlite imports it only on Node, behind a check that is false in a browser. */
export function createRequire(): never {
  throw new Error("require() is not available in the browser playground");
}
