import { PROGRESS_BAR_DELAY_MS, PROGRESS_BAR_SPEED_MS, PROGRESS_BAR_TRICKLE_SPEED_MS } from "../../core/constants";
import { clampProgress, trickleProgress } from "../../core/progress";
import "./ProgressBar.css";

/**
 * The route progress bar (in the manner of nprogress, in a few hundred bytes):
 * it appears at the minimum, trickles forward at a fixed rate and, on
 * completion, fills up and fades out, each move taking the configured speed.
 */
let bar: HTMLDivElement | null = null;
let status: number | null = null;
let trickleTimer: ReturnType<typeof setInterval> | undefined;
let fadeTimer: ReturnType<typeof setTimeout> | undefined;

function show(value: number): void {
  status = clampProgress(value);
  if (!bar) {
    bar = document.createElement("div");
    bar.className = "route-progress";
    bar.setAttribute("aria-hidden", "true");
    bar.style.transition = `transform ${PROGRESS_BAR_SPEED_MS}ms ease, opacity ${PROGRESS_BAR_SPEED_MS}ms linear`;
    bar.style.transform = "translateX(-100%)";
    document.body.append(bar);
    // Lay out at the start so the first move animates.
    void bar.offsetWidth;
  }
  bar.dataset.progress = status.toFixed(3);
  bar.style.opacity = "1";
  bar.style.transform = `translateX(${(status - 1) * 100}%)`;
}

function start(): void {
  clearTimeout(fadeTimer);
  clearInterval(trickleTimer);
  show(status ?? 0);
  trickleTimer = setInterval(() => show(trickleProgress(status ?? 0)), PROGRESS_BAR_TRICKLE_SPEED_MS);
}

function done(): void {
  clearInterval(trickleTimer);
  if (status === null) return;
  show(1);
  status = null;
  const element = bar;
  fadeTimer = setTimeout(() => {
    if (element) element.style.opacity = "0";
    fadeTimer = setTimeout(() => {
      element?.remove();
      if (bar === element) bar = null;
    }, PROGRESS_BAR_SPEED_MS);
  }, PROGRESS_BAR_SPEED_MS);
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
