/**
 * The quick figures (rebuilds, dev server start) are measured several times: on this 2-core machine
 * one run can be off by half when something else wakes up, so the figure is the median, with the
 * fastest and slowest run beside it. Cold builds take minutes and are measured once.
 */
export const REPEATS = 5;

export interface Repeated {
  median: number;
  fastest: number;
  slowest: number;
}

export async function repeated(measure: (run: number) => number | Promise<number>, times = REPEATS): Promise<Repeated> {
  const values: number[] = [];
  for (let run = 0; run < times; run++) values.push(await measure(run));
  values.sort((a, b) => a - b);
  return { median: values[Math.floor(values.length / 2)], fastest: values[0], slowest: values[values.length - 1] };
}

/** "1.4 s (1.2-1.9)": the median, then the range. */
export function secondsWithRange({ median, fastest, slowest }: Repeated): string {
  return `${median.toFixed(1)} s (${fastest.toFixed(1)}-${slowest.toFixed(1)})`;
}
