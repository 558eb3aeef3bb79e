import type { ReactNode } from "react";
import RunnableExample from "./RunnableExample";

export interface TryItProps {
  /** The example's code exactly as the doc tests ran it. */
  code: string;
  /** The fence's `query` word: run the compiled queries in PGlite. */
  query?: boolean;
  /** The fence's env=NAME=value words, as JSON. */
  env?: string;
  /** The highlighted code block. */
  children: ReactNode;
}

/**
 * A runnable example whose code block is not a built route's (the dev server's
 * pages, partials): the page carries the code, and the playground is a chunk
 * of the page's own, loaded on the first press. Built routes do without this
 * wrapper (src/node/build/runnableExamples.ts).
 */
export default function TryIt({ code, query, env, children }: TryItProps) {
  const load = () =>
    import("../Playground/Playground").then((module) => ({
      Playground: module.default,
      example: { code, query: query === true, env: env ? (JSON.parse(env) as Record<string, string>) : {} },
    }));
  return <RunnableExample load={load}>{children}</RunnableExample>;
}
