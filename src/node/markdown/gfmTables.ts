/**
 * GFM's table construct is tried at the start of every line of flow content, and most of those
 * tries read the whole line as a head row before finding no delimiter row under it; then the
 * paragraph reads the line again. On this site's pages that was a fifth of micromark's time
 * (parse alone: 9.2 -> 7.1 ms a page; 4.9 -> 3.1 ms on the 2,000-page corpus). A table can only
 * begin on a line followed by one that could be its delimiter row, so the construct is let start
 * only there (and on the lines of a table already begun, its body rows).
 */

type Code = number | null;
type State = (code: Code) => unknown;
interface TokenizeContext {
  now(): { line: number };
  events: Array<[string, { type: string }, unknown]>;
}
interface Construct {
  name?: string;
  tokenize(this: TokenizeContext, effects: unknown, ok: State, nok: State): State;
}
type SyntaxExtension = Record<string, unknown> & { flow?: Record<string, unknown> };

/**
 * A line that could be a delimiter row (`| --- | :-: |`), with the blockquote markers and
 * indentation of the containers it sits in: nothing but those characters, and a dash.
 */
const DELIMITER_ROW_LIKE = /^[ \t>|:-]*-[ \t>|:-]*$/;

/** The lines (numbered from 1, as micromark does) followed by a line that could be a delimiter row. */
export function possibleTableHeads(source: string): Set<number> {
  // Every line ending micromark knows: a lone carriage return ends a line too.
  const lines = source.split(/\r\n|\r|\n/);
  const heads = new Set<number>();
  for (let index = 1; index < lines.length; index++) if (DELIMITER_ROW_LIKE.test(lines[index]!)) heads.add(index);
  return heads;
}

/** Whether the flow so far ends in a table's head or row: the construct goes on with a body row there. */
function continuesTable(events: TokenizeContext["events"]): boolean {
  for (let index = events.length - 1; index > -1; index--) {
    const type = events[index]![1].type;
    if (type === "lineEnding" || type === "linePrefix") continue;
    return type === "tableHead" || type === "tableRow";
  }
  return false;
}

function gatedTable(table: Construct, heads: ReadonlySet<number>): Construct {
  return {
    ...table,
    tokenize(effects, ok, nok) {
      const context = this;
      return (code) => (heads.has(context.now().line) || continuesTable(context.events) ? table.tokenize.call(context, effects, ok, nok)(code) : nok(code));
    },
  };
}

/** A copy of a syntax extension whose table construct starts only on the lines `heads` names. */
export function withGatedTables(extension: SyntaxExtension, heads: ReadonlySet<number>): SyntaxExtension {
  const starts = extension.flow?.null;
  if (!starts) return extension;
  const gated = ([starts].flat() as Construct[]).map((construct) => (construct.name === "table" ? gatedTable(construct, heads) : construct));
  return { ...extension, flow: { ...extension.flow, null: gated } };
}
