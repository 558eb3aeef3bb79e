import type { z } from "zod";
import { SiteError } from "../errors";
import { siteConfigSchema } from "./schema";
import type { SiteConfig, SiteConfigInput } from "./types";

const CONFIG_FILE = "site.config.ts";

/** "tableOfContents.minHeadingLevel", "navbar.items[2].label". */
export function keyPath(path: readonly PropertyKey[]): string {
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`)).join("");
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "function") return "a function";
  try {
    const json = JSON.stringify(value);
    return json.length > 60 ? `${json.slice(0, 57)}...` : json;
  } catch {
    return String(value);
  }
}

const ARTICLE = (expected: string) => (/^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`);

/** One line per problem: the key path, what is right, and what was given. */
export function describeIssue(issue: z.core.$ZodIssue, where = issue.path.length ? `"${keyPath(issue.path)}"` : "the default export"): string {
  const given = "input" in issue ? ` (got ${describeValue(issue.input)})` : "";
  if (issue.message.startsWith("must ") || issue.message.startsWith("levels ")) return `${where} ${issue.message}${given}`;
  switch (issue.code) {
    case "invalid_type":
      return `${where} must be ${ARTICLE(issue.expected)}${given}`;
    case "invalid_value":
      return `${where} must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}${given}`;
    default:
      return `${where} ${issue.message}${given}`;
  }
}

/** Checks site.config.ts against the schema and fills in every default. Errors name each config key at fault. */
export function validateSiteConfig(input: SiteConfigInput): SiteConfig {
  const result = siteConfigSchema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => describeIssue(issue));
  throw new SiteError(lines.length === 1 ? `${CONFIG_FILE}: ${lines[0]}` : `${CONFIG_FILE}: ${lines.length} problems:\n${lines.map((line) => `  ${line}`).join("\n")}`);
}
