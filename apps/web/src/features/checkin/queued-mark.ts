import type { Ping } from "./device-api.ts";

/**
 * A ping that waited this long on the phone (offline, or a server that did not answer) is sent
 * marked `extra.offline_queued`: the server weighs it less than a live one (decision 0550). The
 * app pings every 30 s, so a live ping leaves well within this.
 */
export const QUEUED_AFTER_MS = 60_000;

/** The ping as sent at `serverNow` (the phone's clock corrected by the server's offset). */
export function markQueued(ping: Ping, serverNow: number): Ping {
  const waited = serverNow - Date.parse(ping.recorded_at);
  if (!(waited > QUEUED_AFTER_MS)) return ping;
  return { ...ping, extra: { ...(ping.extra ?? {}), offline_queued: true } };
}
