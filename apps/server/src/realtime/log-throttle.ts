import type { FastifyBaseLogger } from "fastify";

/**
 * Logs a recurring failure once, then at most once per interval with a count:
 * a Redis outage under thousands of pings a second must not flood the log.
 */
export function throttledWarn(log: FastifyBaseLogger, what: string, intervalMs = 10_000) {
  let last = 0;
  let suppressed = 0;
  return (err: unknown) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      suppressed += 1;
      return;
    }
    log.warn({ err, suppressed }, what);
    last = now;
    suppressed = 0;
  };
}
