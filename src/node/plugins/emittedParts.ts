import type { EmittedContents, EmittedPart } from "./types";

/** A part's length: a text's in UTF-16 units, a range's in bytes (the writer's queue counts both alike). */
export const partLength = (part: EmittedPart) => (typeof part === "string" ? part.length : part.end - part.start);

/** The length of a file's contents, as partLength counts it. */
export const contentsLength = (contents: EmittedContents) => (typeof contents === "string" || contents instanceof Uint8Array ? contents.length : contents.reduce((sum, part) => sum + partLength(part), 0));

/** Parts that are all text, joined (the dev server's plugin files: it has no last output to take bytes from). */
export function joinedText(parts: readonly EmittedPart[]): string {
  return parts
    .map((part) => {
      if (typeof part !== "string") throw new Error(`bytes of the last output's ${part.previousFile} asked for, but there is no last output here`);
      return part;
    })
    .join("");
}
