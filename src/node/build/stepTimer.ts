/**
 * The build's step timings (ms since the last lap, by step name), printed by the build command;
 * with BUILD_MEMORY_LOG set, memory after each step too.
 */
export function stepTimer() {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    if (process.env.BUILD_MEMORY_LOG) {
      // Beside the JavaScript heap: Buffers and native memory (the bundler's) that rss counts too.
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      const mb = (bytes: number) => Math.round(bytes / 1048576);
      console.log(`${name}: rss ${mb(rss)} MB, heap ${mb(heapUsed)} MB, external ${mb(external)} MB (array buffers ${mb(arrayBuffers)} MB)`);
    }
    mark = now;
  };
  return { timings, lap };
}
