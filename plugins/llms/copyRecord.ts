import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readText } from "../../src/node/text";

/** The plugin's record of the last llms-full.txt it made, in its cache folder. */
export const COPY_RECORD_FILE = "copies.json";

/** What the last build knew of one page's copy. */
export interface RecordedCopy {
  /** The page's compile (EmitFilesArgs.compileKeyOf): equal keys, equal copies. */
  key: string;
  /** The copy's first line, the page's title as its H1. */
  heading: string;
  /** The hash of the page's own Markdown file (outputContentHash). */
  file: string;
  /** Where the page's part (its heading, address and text) lies in that llms-full.txt, in bytes: [start, end). */
  start: number;
  end: number;
  firstSentence: string;
}

export interface CopyRecord {
  /** The hash of the llms-full.txt these pages are in (outputContentHash). */
  full: string;
  pages: Record<string, RecordedCopy>;
}

const isRecordedCopy = (value: unknown): value is RecordedCopy => {
  const copy = value as RecordedCopy | undefined;
  return (
    typeof copy?.key === "string" &&
    typeof copy.heading === "string" &&
    typeof copy.file === "string" &&
    Number.isInteger(copy.start) &&
    Number.isInteger(copy.end) &&
    copy.start <= copy.end &&
    typeof copy.firstSentence === "string"
  );
};

/**
 * The record the last build left, when it describes the llms-full.txt whose hash is `fullHash`
 * (the last output's); anything else (no file, another output, a damaged file) is no record.
 */
export function readCopyRecord(dir: string, fullHash: string | undefined): CopyRecord | undefined {
  if (fullHash === undefined) return undefined;
  try {
    const record = JSON.parse(readText(path.join(dir, COPY_RECORD_FILE))) as CopyRecord;
    if (record?.full !== fullHash || typeof record.pages !== "object" || record.pages === null) return undefined;
    return Object.values(record.pages).every(isRecordedCopy) ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the record (renamed into place: a build stopped midway leaves the last one or none). */
export function writeCopyRecord(dir: string, record: CopyRecord): void {
  try {
    mkdirSync(dir, { recursive: true });
    const temporary = path.join(dir, `${COPY_RECORD_FILE}.${process.pid}.tmp`);
    writeFileSync(temporary, JSON.stringify(record));
    renameSync(temporary, path.join(dir, COPY_RECORD_FILE));
  } catch {
    // A read-only disk only costs the next build its speed.
  }
}
