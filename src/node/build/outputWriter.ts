import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Writes one file of the output being built (`file` absolute, inside the staging folder). */
export type OutputWriter = (file: string, contents: string | Uint8Array) => void;

/**
 * Writes the build's files into its staging folder. A file whose bytes are those of the same file
 * in the previous output (given only when that output is verified untouched) is hard-linked from
 * it instead: most of a rebuild's files are unchanged, and on this machine's disk writing 2,000
 * small files costs about eight times as much as comparing and linking them.
 */
export function outputWriter(outDir: string, previousOutDir: string | undefined, onWritten: (file: string) => void = () => undefined): OutputWriter {
  // Folders made so far: asking again for each of a rebuild's thousands of files cost it 0.1 s.
  const folders = new Set<string>();
  const write = (file: string, contents: string | Uint8Array) => {
    const folder = path.dirname(file);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    if (previousOutDir && linkUnchanged(path.join(previousOutDir, path.relative(outDir, file)), file, contents)) return;
    try {
      // Exclusive: a file written twice may be a link to the previous output, which must never change.
      writeFileSync(file, contents, { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      rmSync(file);
      writeFileSync(file, contents, { flag: "wx" });
    }
  };
  return (file, contents) => {
    write(file, contents);
    onWritten(file);
  };
}

function linkUnchanged(previous: string, file: string, contents: string | Uint8Array): boolean {
  let before: Buffer;
  try {
    before = readFileSync(previous);
  } catch {
    return false;
  }
  const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
  if (!before.equals(bytes)) return false;
  try {
    linkSync(previous, file);
  } catch (error) {
    // Written before in this build: replace it. Any other failure (another disk): write a copy.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return false;
    rmSync(file);
    linkSync(previous, file);
  }
  return true;
}
