import { PLAYGROUND_TIME_LIMIT_MS } from "../../core/playground";
import type { RunResult } from "../../playground/runner";
import QueryResultView from "./QueryResultView";

export type PlaygroundState = { kind: "idle" } | { kind: "running"; message: string } | { kind: "finished"; result: RunResult; milliseconds: number };

function statusText(state: PlaygroundState): string {
  if (state.kind === "idle") return "Edit the code, then press Run (Ctrl+Enter).";
  if (state.kind === "running") return state.message;
  const { result } = state;
  if (result.kind === "stopped") return `Stopped: the example ran longer than ${PLAYGROUND_TIME_LIMIT_MS / 1000} s. You can change it and run it again.`;
  if (result.kind === "failed") return `The playground could not run the example: ${result.message}`;
  return `${result.outcome.error === undefined ? "Ran" : "Failed"} in ${Math.round(state.milliseconds)} ms.`;
}

/** What a run printed, threw and queried; the status line is announced to screen readers. */
export default function PlaygroundOutput({ state }: { state: PlaygroundState }) {
  const outcome = state.kind === "finished" && state.result.kind === "done" ? state.result.outcome : undefined;
  const problem = state.kind === "finished" && state.result.kind !== "done";
  return (
    <div className="playground__output">
      <p className={problem ? "playground__status playground__error" : "playground__status"} role="status">
        {state.kind === "running" && <progress className="playground__progress" aria-label="Working" />}
        {statusText(state)}
      </p>
      {outcome && (
        <>
          {outcome.stdout !== "" && (
            <>
              <h4 className="playground__heading">Output</h4>
              <pre className="playground__text" tabIndex={0} aria-label="Output">{outcome.stdout}</pre>
            </>
          )}
          {outcome.stderr !== "" && (
            <>
              <h4 className="playground__heading">stderr</h4>
              <pre className="playground__text" tabIndex={0} aria-label="stderr">{outcome.stderr}</pre>
            </>
          )}
          {outcome.error !== undefined && <p className="playground__error">Threw {outcome.error}</p>}
          {outcome.queries.map((query, index) => (
            <QueryResultView key={index} query={query} number={index + 1} />
          ))}
        </>
      )}
    </div>
  );
}
