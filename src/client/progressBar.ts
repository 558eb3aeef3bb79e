import nprogress from "nprogress";
import {
  PROGRESS_BAR_DELAY_MS,
  PROGRESS_BAR_MINIMUM,
  PROGRESS_BAR_SPEED_MS,
  PROGRESS_BAR_TRICKLE_RATE,
  PROGRESS_BAR_TRICKLE_SPEED_MS,
} from "../core/constants";
import "../theme/Layout/ProgressBar.css";

// nprogress's own trickle takes random steps; ours adds the fixed rate every tick.
nprogress.configure({ showSpinner: false, minimum: PROGRESS_BAR_MINIMUM, speed: PROGRESS_BAR_SPEED_MS, trickle: false, easing: "ease" });

let trickleTimer: ReturnType<typeof setInterval> | undefined;

/** Exposes the bar's value on its element, so it can be observed (and tested) without reading transforms. */
function markBar(): void {
  const element = document.getElementById("nprogress");
  if (!element) return;
  element.classList.add("route-progress");
  element.setAttribute("aria-hidden", "true");
  element.dataset.progress = (nprogress.status ?? 1).toFixed(3);
}

function start(): void {
  clearInterval(trickleTimer);
  nprogress.start();
  markBar();
  trickleTimer = setInterval(() => {
    nprogress.inc(PROGRESS_BAR_TRICKLE_RATE);
    markBar();
  }, PROGRESS_BAR_TRICKLE_SPEED_MS);
}

function done(): void {
  clearInterval(trickleTimer);
  if (!nprogress.isStarted()) return;
  nprogress.set(1);
  markBar();
}

/** Shows the bar if the work outlives the delay; returns the function that completes it (call it once or more). */
export function startProgressBar(): () => void {
  let started = false;
  const delay = setTimeout(() => {
    started = true;
    start();
  }, PROGRESS_BAR_DELAY_MS);
  return () => {
    clearTimeout(delay);
    if (started) {
      started = false;
      done();
    }
  };
}
