import type { ComponentType } from "react";
import type { RunnableExample } from "../core/playground";
import type { RunnableExamples } from "../core/playground";

/** What the playground component takes (src/theme/Playground/Playground.tsx). */
export interface PlaygroundComponentProps extends RunnableExample {
  onClose(): void;
}

/** The playground and the example it opens on, once loaded. */
export interface LoadedPlayground {
  Playground: ComponentType<PlaygroundComponentProps>;
  example: RunnableExample;
}

/**
 * Loads, on the first press of Try it on a built page, the playground module and the page's
 * examples from the URLs its route data gives: nothing of either is in the page's own JavaScript.
 */
export async function loadRunnableExample(runnable: RunnableExamples, key: number): Promise<LoadedPlayground> {
  const [module, examples] = await Promise.all([
    import(/* @vite-ignore */ runnable.playground) as Promise<{ default: ComponentType<PlaygroundComponentProps> }>,
    fetch(runnable.examples).then((response) => {
      if (!response.ok) throw new Error(`${runnable.examples} answered ${response.status}`);
      return response.json() as Promise<Record<string, RunnableExample>>;
    }),
  ]);
  const example = examples[key];
  if (!example) throw new Error(`${runnable.examples} has no example for code block ${key}`);
  return { Playground: module.default, example };
}
