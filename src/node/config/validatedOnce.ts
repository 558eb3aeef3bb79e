import { createHash } from "node:crypto";
import { cacheDir, DiskCache } from "../cache";

/** Whether a value is JSON data, and nothing else: its JSON text is then all a schema sees of it. */
function isJsonData(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object" || depth > 100) return false;
  if (Array.isArray(value)) return value.every((item) => isJsonData(item, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => isJsonData(item, depth + 1));
}

/**
 * Where an otherwise JSON-data value has object keys set to undefined (a schema's optional field
 * passed through), which JSON drops; null when it holds anything else JSON cannot carry.
 */
function undefinedKeys(value: unknown, at: (string | number)[] = [], found: (string | number)[][] = []): (string | number)[][] | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    if (!Array.isArray(value)) return isJsonData(value) ? found : null;
    for (const [index, item] of value.entries()) if (item === undefined || !undefinedKeys(item, [...at, index], found)) return null;
    return found;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) found.push([...at, key]);
    else if (!undefinedKeys(item, [...at, key], found)) return null;
  }
  return found;
}

interface Kept<T> {
  output: T;
  /** Keys set to undefined in the output, put back after parsing. */
  holes: (string | number)[][];
}

/**
 * What `validate` made of `input` the last time this generator accepted the same input, else its
 * answer now (kept when it accepts). Loading zod and the schemas cost every command's start 0.16 s,
 * a tenth of a rebuild of this site after an edit. Only JSON data is kept (a function or a class
 * instance is not in the JSON text; an output's undefined keys are put back), and a rejection never
 * is: the next run reports it again, from the schema itself.
 */
export async function validatedOnce<T>(siteDir: string, kind: string, input: unknown, validate: () => T | Promise<T>): Promise<T> {
  if (!isJsonData(input)) return validate();
  // The disk cache keeps each generator's entries apart: a change to the schemas starts afresh.
  const store = new DiskCache<Kept<T>>(cacheDir(siteDir, "validated"));
  const key = createHash("sha256").update(kind).update("\0").update(JSON.stringify(input)).digest("hex");
  const known = store.get(key);
  if (known && typeof known === "object" && "output" in known && Array.isArray(known.holes)) {
    for (const path of known.holes) {
      const parent = path.slice(0, -1).reduce<unknown>((value, part) => (value as Record<string | number, unknown> | undefined)?.[part], known.output);
      if (parent && typeof parent === "object") (parent as Record<string | number, unknown>)[path[path.length - 1]!] = undefined;
    }
    return known.output;
  }
  const output = await validate();
  const holes = undefinedKeys(output);
  if (holes) store.set(key, { output, holes });
  return output;
}
