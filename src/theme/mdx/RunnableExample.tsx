import { useEffect, useRef, useState, type ReactNode } from "react";
import type { LoadedPlayground } from "../../client/runnableExamples";
import useIsBrowser from "../docusaurus/useIsBrowser";
import "./TryIt.css";

export interface RunnableExampleProps {
  /** Loads the playground and the example's code (called on the first press of Try it). */
  load(): Promise<LoadedPlayground>;
  /** The highlighted code block. */
  children: ReactNode;
}

type State = { kind: "closed" } | { kind: "loading" } | { kind: "open"; loaded: LoadedPlayground } | { kind: "failed"; message: string };

/**
 * A runnable example: the code block with a Try it button under it, which swaps
 * the block for an editor that runs the code in the page. The button appears
 * once the page is interactive; its strip is there from the start, so nothing
 * moves. Closing the editor brings the block back and focus to the button.
 */
export default function RunnableExample({ load, children }: RunnableExampleProps) {
  const interactive = useIsBrowser();
  const [state, setState] = useState<State>({ kind: "closed" });
  const button = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  useEffect(() => {
    if (state.kind === "closed" && closed.current) button.current?.focus();
  }, [state.kind]);
  const open = () => {
    setState({ kind: "loading" });
    load().then(
      (loaded) => setState({ kind: "open", loaded }),
      (error: Error) => setState({ kind: "failed", message: error.message }),
    );
  };
  if (state.kind === "loading") {
    return (
      <p className="try-it__loading" role="status">
        <progress aria-label="Loading" /> Loading the playground…
      </p>
    );
  }
  if (state.kind === "open") {
    const { Playground, example } = state.loaded;
    const close = () => {
      closed.current = true;
      setState({ kind: "closed" });
    };
    return <Playground {...example} onClose={close} />;
  }
  return (
    <div className="try-it">
      {children}
      <div className="try-it__bar">
        {state.kind === "failed" && (
          <span className="try-it__error" role="alert">
            The playground could not be loaded ({state.message}).
          </span>
        )}
        {interactive && (
          <button ref={button} type="button" className="try-it__button" onClick={open}>
            {state.kind === "failed" ? "Try again" : "Try it"}
            <span className="visually-hidden">: edit and run this example</span>
          </button>
        )}
      </div>
    </div>
  );
}
