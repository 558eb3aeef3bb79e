/**
 * Node's `util.inspect` and `util.format`, the parts the examples print with,
 * so `console.log` in the playground prints what the page's output block
 * (produced by Node) shows: quoting, `Map(1) { 'k' => 1 }`, class names, depth 2,
 * and Node's rule for putting an object on one line (when it fits in 80
 * columns). Not covered: Node's grouping of arrays of more than 6 short items
 * into columns, typed arrays, proxies.
 */

/** The symbol objects use to print themselves (pg-sql2's nodes do). */
export const INSPECT_CUSTOM = Symbol.for("nodejs.util.inspect.custom");

const DEPTH = 2;
const BREAK_LENGTH = 80;

interface Context {
  seen: unknown[];
  indentationLvl: number;
}

function quote(text: string): string {
  let mark = "'";
  if (text.includes("'")) {
    if (!text.includes('"')) mark = '"';
    else if (!text.includes("`") && !text.includes("${")) mark = "`";
  }
  const escaped = text.replace(/[\\\n\t\r\b\f\v\0]/g, (c) => ({ "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v", "\0": "\\x00" })[c] ?? c);
  return mark + (mark === "'" ? escaped.replaceAll("'", "\\'") : escaped) + mark;
}

function formatPrimitive(value: unknown): string {
  if (typeof value === "string") return quote(value);
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return value.toString();
  return String(value);
}

function formatKey(key: string | symbol): string {
  if (typeof key === "symbol") return `[${key.toString()}]`;
  return /^[A-Za-z_][A-Za-z_0-9]*$/.test(key) ? key : quote(key);
}

function constructorName(value: object): string | null {
  let proto = Object.getPrototypeOf(value);
  while (proto) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, "constructor");
    if (descriptor && typeof descriptor.value === "function" && descriptor.value.name !== "") return descriptor.value.name;
    proto = Object.getPrototypeOf(proto);
  }
  return null;
}

function isBelowBreakLength(output: string[], start: number): boolean {
  let total = output.length + start;
  if (total + output.length > BREAK_LENGTH) return false;
  for (const entry of output) {
    total += entry.length;
    if (total > BREAK_LENGTH) return false;
  }
  return true;
}

function reduceToSingleString(ctx: Context, output: string[], base: string, braces: [string, string]): string {
  const prefix = base ? `${base} ` : "";
  // Node also requires the object to be among the 3 innermost levels, which depth 2 always satisfies.
  const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
  if (isBelowBreakLength(output, start)) {
    const joined = output.join(", ");
    if (!joined.includes("\n")) return `${prefix}${braces[0]} ${joined} ${braces[1]}`;
  }
  const indentation = `\n${" ".repeat(ctx.indentationLvl)}`;
  return `${prefix}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
}

function formatProperty(ctx: Context, value: object, key: string | symbol, recurseTimes: number): string {
  const descriptor = Object.getOwnPropertyDescriptor(value, key) ?? { value: (value as Record<string | symbol, unknown>)[key] };
  let shown: string;
  if (descriptor.get || descriptor.set) {
    shown = descriptor.get ? (descriptor.set ? "[Getter/Setter]" : "[Getter]") : "[Setter]";
  } else {
    ctx.indentationLvl += 2;
    shown = formatValue(ctx, descriptor.value, recurseTimes + 1);
    ctx.indentationLvl -= 2;
  }
  return `${formatKey(key)}: ${shown}`;
}

function formatNested(ctx: Context, value: unknown, recurseTimes: number): string {
  ctx.indentationLvl += 2;
  const text = formatValue(ctx, value, recurseTimes + 1);
  ctx.indentationLvl -= 2;
  return text;
}

function formatValue(ctx: Context, value: unknown, recurseTimes: number): string {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return formatPrimitive(value);
  const custom = (value as Record<symbol, unknown>)[INSPECT_CUSTOM];
  if (typeof custom === "function" && custom !== inspect) {
    const result = custom.call(value, DEPTH - recurseTimes, { depth: DEPTH }, inspect);
    if (result !== value) {
      return typeof result === "string" ? result.replaceAll("\n", `\n${" ".repeat(ctx.indentationLvl)}`) : formatValue(ctx, result, recurseTimes);
    }
  }
  if (ctx.seen.includes(value)) return "[Circular *1]";
  return formatRaw(ctx, value, recurseTimes);
}

function formatRaw(ctx: Context, value: object, recurseTimes: number): string {
  const name = constructorName(value);
  const keys: (string | symbol)[] = [...Object.keys(value), ...Object.getOwnPropertySymbols(value).filter((symbol) => Object.prototype.propertyIsEnumerable.call(value, symbol))];
  let braces: [string, string] = ["{", "}"];
  let base = "";
  let entries: (() => string[]) | undefined;
  const tag = name === null ? "[Object: null prototype] " : name === "Object" ? "" : `${name} `;
  if (Array.isArray(value)) {
    const own = keys.filter((key) => typeof key !== "string" || !/^\d+$/.test(key));
    keys.splice(0, keys.length, ...own);
    braces = [`${name === "Array" ? "" : tag}[`, "]"];
    if (value.length === 0 && keys.length === 0) return `${braces[0]}]`;
    entries = () => Array.from(value, (item) => formatNested(ctx, item, recurseTimes));
  } else if (value instanceof Map) {
    braces = [`${tag.trim()}(${value.size}) {`, "}"];
    if (value.size === 0 && keys.length === 0) return `${braces[0]}}`;
    entries = () => [...value].map(([key, item]) => `${formatNested(ctx, key, recurseTimes)} => ${formatNested(ctx, item, recurseTimes)}`);
  } else if (value instanceof Set) {
    braces = [`${tag.trim()}(${value.size}) {`, "}"];
    if (value.size === 0 && keys.length === 0) return `${braces[0]}}`;
    entries = () => [...value].map((item) => formatNested(ctx, item, recurseTimes));
  } else if (typeof value === "function") {
    const source = Function.prototype.toString.call(value);
    base = source.startsWith("class") ? `[class ${value.name || "(anonymous)"}]` : `[Function: ${value.name || "(anonymous)"}]`;
    if (keys.length === 0) return base;
  } else if (value instanceof Date) {
    base = Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
    if (keys.length === 0) return base;
  } else if (value instanceof RegExp) {
    base = String(value);
    if (keys.length === 0) return base;
  } else if (value instanceof Error) {
    base = value.stack && value.stack.startsWith(`${value.name}`) ? value.stack : `[${value.name}: ${value.message}]`;
    const shownKeys = keys.filter((key) => key !== "stack" && key !== "message");
    keys.splice(0, keys.length, ...shownKeys);
    if (keys.length === 0) return base;
  } else {
    braces = [`${tag}{`, "}"];
    if (keys.length === 0) return `${braces[0]}}`;
  }
  if (recurseTimes > DEPTH) return `[${name ?? "Object"}]`;
  ctx.seen.push(value);
  const output = entries ? entries() : [];
  for (const key of keys) output.push(formatProperty(ctx, value, key, recurseTimes));
  ctx.seen.pop();
  return reduceToSingleString(ctx, output, base, braces);
}

/** A value as Node's `util.inspect(value)` shows it (default options). */
export function inspect(value: unknown): string {
  return formatValue({ seen: [], indentationLvl: 0 }, value, 0);
}
inspect.custom = INSPECT_CUSTOM;

/** What `console.log(...args)` prints: Node's `util.format`. */
export function format(...args: unknown[]): string {
  const [first, ...rest] = args;
  let head = "";
  let remaining = args;
  if (typeof first === "string" && rest.length > 0 && first.includes("%")) {
    remaining = rest;
    head = first.replace(/%([sdifjoOc%])/g, (whole, letter: string) => {
      if (letter === "%") return "%";
      if (remaining.length === 0) return whole;
      const [arg, ...others] = remaining;
      remaining = others;
      switch (letter) {
        case "s":
          return typeof arg === "string" ? arg : typeof arg === "object" && arg !== null ? inspect(arg) : formatPrimitive(arg).replace(/^'(.*)'$/s, "$1");
        case "d":
        case "i":
          return typeof arg === "bigint" ? `${arg}n` : String(letter === "i" ? Math.trunc(Number(arg)) : Number(arg));
        case "f":
          return String(Number.parseFloat(String(arg)));
        case "j":
          return JSON.stringify(arg);
        case "c":
          return "";
        default:
          return inspect(arg);
      }
    });
    return [head, ...remaining.map((arg) => (typeof arg === "string" ? arg : inspect(arg)))].join(" ");
  }
  return remaining.map((arg) => (typeof arg === "string" ? arg : inspect(arg))).join(" ");
}
