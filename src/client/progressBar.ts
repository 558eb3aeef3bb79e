import {
  PROGRESS_BAR_DELAY_MS,
  PROGRESS_BAR_MINIMUM,
  PROGRESS_BAR_SPEED_MS,
  PROGRESS_BAR_TRICKLE_RATE,
  PROGRESS_BAR_TRICKLE_SPEED_MS,
} from "../core/constants";

type NProgress = typeof import("nprogress");

/**
 * nprogress and its styles load only when a navigation outlives the delay:
 * most navigations never show the bar, and every first page load is lighter.
 */
let loading: Promise<NProgress> | undefined;
function loadNprogress(): Promise<NProgress> {
  loading ??= Promise.all([import("nprogress"), import("../theme/Layout/ProgressBar.css")]).then(([module]) => {
    const nprogress = (module as { default?: NProgress }).default ?? (module as unknown as NProgress);
    // nprogress's own trickle takes random steps; ours adds the fixed rate every tick.
    nprogress.configure({ showSpinner: false, minimum: PROGRESS_BAR_MINIMUM, speed: PROGRESS_BAR_SPEED_MS, trickle: false, easing: "ease" });
    return nprogress;
  });
  return loading;
}

let trickleTimer: ReturnType<typeof setInterval> | undefined;

/** Exposes the bar's value on its element, so it can be observed (and tested) without reading transforms. */
function markBar(nprogress: NProgress): void {
  const element = document.getElementById("nprogress");
  if (!element) return;
  element.classList.add("route-progress");
  element.setAttribute("aria-hidden", "true");
  element.dataset.progress = (nprogress.status ?? 1).toFixed(3);
}

function start(nprogress: NProgress): void {
  clearInterval(trickleTimer);
  nprogress.start();
  markBar(nprogress);
  trickleTimer = setInterval(() => {
    nprogress.inc(PROGRESS_BAR_TRICKLE_RATE);
    markBar(nprogress);
  }, PROGRESS_BAR_TRICKLE_SPEED_MS);
}

function done(nprogress: NProgress): void {
  clearInterval(trickleTimer);
  if (!nprogress.isStarted()) return;
  nprogress.set(1);
  markBar(nprogress);
}

/** Shows the bar if the work outlives the delay; returns the function that completes it (call it once or more). */
export function startProgressBar(): () => void {
  // "waiting" until the delay passes, "shown" once the bar is up, "finished" when completed.
  let phase: "waiting" | "shown" | "finished" = "waiting";
  const delay = setTimeout(() => {
    void loadNprogress().then((nprogress) => {
      if (phase !== "waiting") return;
      phase = "shown";
      start(nprogress);
    });
  }, PROGRESS_BAR_DELAY_MS);
  return () => {
    clearTimeout(delay);
    if (phase === "shown") void loadNprogress().then(done);
    phase = "finished";
  };
}
