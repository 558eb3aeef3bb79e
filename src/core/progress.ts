import { PROGRESS_BAR_MINIMUM, PROGRESS_BAR_TRICKLE_RATE } from "./constants";

/** A trickling bar never reaches the end by itself: only completion fills it. */
export const PROGRESS_TRICKLE_CEILING = 0.994;

/** Progress as shown: never below the minimum (so it is visible at once), never above 1. */
export function clampProgress(value: number): number {
  return Math.min(1, Math.max(PROGRESS_BAR_MINIMUM, value));
}

/** One trickle step: a fixed rate, stopping just short of the end. */
export function trickleProgress(value: number): number {
  return Math.min(PROGRESS_TRICKLE_CEILING, clampProgress(value) + PROGRESS_BAR_TRICKLE_RATE);
}
