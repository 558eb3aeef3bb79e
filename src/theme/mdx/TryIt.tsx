import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import "./TryIt.css";

// Loaded on the first press of Try it, never with the page: the editor, the worker,
// the packages and PGlite are chunks of their own (and nothing of them is server-rendered).
const Playground = import.meta.env.SSR ? () => null : lazy(() => import("../Playground/Playground"));

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
 * A runnable example (see src/node/markdown/codeBlocks.ts): the code block with
 * a Try it button under it, which swaps the block for an editor that runs the
 * code in the page. The button appears once the page is interactive; its strip
 * is there from the start, so nothing moves.
 */
export default function TryIt({ code, query, env, children }: TryItProps) {
  const [interactive, setInteractive] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  useEffect(() => setInteractive(true), []);
  useEffect(() => {
    if (!open && closed.current) button.current?.focus();
  }, [open]);
  if (open) {
    const close = () => {
      closed.current = true;
      setOpen(false);
    };
    return (
      <Suspense
        fallback={
          <p className="try-it__loading" role="status">
            <progress aria-label="Loading" /> Loading the playground…
          </p>
        }
      >
        <Playground code={code} query={query === true} env={env ? (JSON.parse(env) as Record<string, string>) : {}} onClose={close} />
      </Suspense>
    );
  }
  return (
    <div className="try-it">
      {children}
      <div className="try-it__bar">
        {interactive && (
          <button ref={button} type="button" className="try-it__button" onClick={() => setOpen(true)}>
            Try it<span className="visually-hidden">: edit and run this example</span>
          </button>
        )}
      </div>
    </div>
  );
}
