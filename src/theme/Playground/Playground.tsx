import { useEffect, useRef, useState } from "react";
import { runExample, warmUp } from "../../playground/runner";
import Editor, { type EditorHandle } from "./Editor";
import PlaygroundOutput, { type PlaygroundState } from "./PlaygroundOutput";
import "./Playground.css";

export interface PlaygroundProps {
  /** The example exactly as the doc tests ran it. */
  code: string;
  query: boolean;
  env: Record<string, string>;
  onClose(): void;
}

/**
 * An example made editable: CodeMirror with the example's code, Run (in a Web
 * Worker, with a time limit), Reset and Close (also Escape). Loaded only when
 * a reader presses Try it.
 */
export default function Playground({ code, query, env, onClose }: PlaygroundProps) {
  const editor = useRef<EditorHandle | null>(null);
  const [state, setState] = useState<PlaygroundState>({ kind: "idle" });
  const running = useRef(false);
  // Opening the playground is the moment to start what Run needs (the example as the page shows it).
  useEffect(() => warmUp({ code, query, env }), [code, query, env]);
  const run = async () => {
    if (running.current) return;
    running.current = true;
    setState({ kind: "running", message: "Starting…" });
    const started = performance.now();
    const result = await runExample({ code: editor.current?.getCode() ?? code, query, env }, (message) => setState({ kind: "running", message }));
    running.current = false;
    setState({ kind: "finished", result, milliseconds: performance.now() - started });
  };
  const reset = () => {
    editor.current?.setCode(code);
    editor.current?.focus();
  };
  return (
    <section
      className="playground"
      aria-label="Example playground"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="code-block playground__code">
        <Editor initialCode={code} label="Example code" onRun={() => void run()} handleRef={editor} />
      </div>
      <div className="playground__toolbar">
        <button type="button" className="playground__button playground__button--primary" aria-disabled={state.kind === "running"} onClick={() => void run()}>
          Run
        </button>
        <button type="button" className="playground__button" onClick={reset}>
          Reset
        </button>
        <button type="button" className="playground__button" onClick={onClose}>
          Close
        </button>
        <span className="playground__hint">Ctrl+Enter runs, Esc closes. Runs in your browser.</span>
      </div>
      <PlaygroundOutput state={state} />
    </section>
  );
}
