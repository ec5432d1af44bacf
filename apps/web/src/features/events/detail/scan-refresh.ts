/** When to ask for the next scan code: at its expiry (a little after), at most 30 s, at least 1 s. */
export function nextScanRefreshMs(expiresAt: string | null | undefined, now: number): number {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isNaN(at)) return 30_000;
  return Math.min(30_000, Math.max(1_000, at - now + 250));
}
