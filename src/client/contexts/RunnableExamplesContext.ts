import { createContext } from "react";
import type { RunnableExamples } from "../../core/playground";

/** The rendered route's runnable examples (see RunnableExamples); absent for routes without any. */
export const RunnableExamplesContext = createContext<RunnableExamples | undefined>(undefined);
