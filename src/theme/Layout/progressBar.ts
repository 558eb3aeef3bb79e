import nprogress from "nprogress";
import {
  PROGRESS_BAR_DELAY_MS,
  PROGRESS_BAR_MINIMUM,
  PROGRESS_BAR_SPEED_MS,
  PROGRESS_BAR_TRICKLE_RATE,
  PROGRESS_BAR_TRICKLE_SPEED_MS,
} from "../../core/constants";

// nprogress's own trickle picks random steps; ours adds a fixed rate every tick.
nprogress.configure({ showSpinner: false, minimum: PROGRESS_BAR_MINIMUM, speed: PROGRESS_BAR_SPEED_MS, trickle: false });

/** Shows the route progress bar if the work outlives the delay; returns the function that completes it. */
export function startProgressBar(): () => void {
  let trickle: ReturnType<typeof setInterval> | undefined;
  const delay = setTimeout(() => {
    nprogress.start();
    trickle = setInterval(() => nprogress.inc(PROGRESS_BAR_TRICKLE_RATE), PROGRESS_BAR_TRICKLE_SPEED_MS);
  }, PROGRESS_BAR_DELAY_MS);
  return () => {
    clearTimeout(delay);
    if (trickle !== undefined) clearInterval(trickle);
    if (nprogress.isStarted()) nprogress.done();
  };
}
