import { existsSync, readFileSync } from "node:fs";
import * as yaml from "js-yaml";
import { SiteError } from "../../src/node/errors";

/**
 * A blog data file (authors.yml, tags.yml) read as a key → value mapping;
 * undefined when the file is missing or empty. `shape` says what a right
 * file looks like, for the error a list or a scalar gets.
 */
export function readYamlMapping(file: string, shape: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined;
  let data: unknown;
  try {
    data = yaml.load(readFileSync(file, "utf8"));
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark;
    throw new SiteError(`${file}:${mark ? mark.line + 1 : 1}: invalid YAML: ${(error as { reason?: string }).reason ?? (error as Error).message}`);
  }
  if (data === undefined || data === null) return undefined;
  if (typeof data !== "object" || Array.isArray(data)) throw new SiteError(`${file}: ${shape}`);
  return data as Record<string, unknown>;
}
