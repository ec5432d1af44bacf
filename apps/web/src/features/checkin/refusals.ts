/**
 * What the outbox does with a batch the server did not take (decision 0520). Nothing is dropped
 * silently: a ping the server refuses moves to the "Not sent" list with the server's reason.
 * - network error, 408, 429, 5xx: the server may take it later: keep it, retry with back-off;
 * - 409: a conflict the school can lift (another phone is the active one): keep it, retry;
 * - 401: the token was reset: keep it, stop, and ask the student to sign in again;
 * - a 400 naming pings (`pings.3.accuracy`): those pings are refused, the rest are sent again;
 * - a 400 or 413 naming no ping, for a batch of several: halve the batch to find the bad one;
 * - any other 4xx, or one ping refused as a whole: refused with the server's message.
 */
import type { DeviceError, FieldErrors, Ping } from "./device-api.ts";

export interface Refusal {
  /** the ping's id */
  id: string;
  recorded_at: string;
  /** the server's words */
  reason: string;
  status: number;
  /** when the phone was told (ms since epoch, phone's clock) */
  refused_at: number;
  ping: Ping;
}

export type Outcome =
  | { kind: "retry" }
  | { kind: "unauthorized" }
  | { kind: "split" }
  | { kind: "refuse"; refused: Refusal[] };

/** The server's reasons for each ping a 400 names, by ping id (`accuracy must be at most ...`). */
export function reasonsByPing(batch: Ping[], errors: FieldErrors): Map<string, string> {
  const reasons = new Map<string, string[]>();
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^pings\.(\d+)(?:\.(.+))?$/.exec(key);
    const ping = m ? batch[Number(m[1])] : undefined;
    if (!ping || !Array.isArray(messages)) continue;
    const list = reasons.get(ping.id) ?? [];
    for (const msg of messages) list.push(m?.[2] ? `${m[2]} ${msg}` : String(msg));
    reasons.set(ping.id, list);
  }
  return new Map([...reasons].map(([id, list]) => [id, list.join("; ")]));
}

export function outcomeOf(error: DeviceError, batch: Ping[], now = Date.now()): Outcome {
  const { status } = error;
  if (status === 401) return { kind: "unauthorized" };
  if (error.transient || status === 409) return { kind: "retry" };
  const refuse = (ping: Ping, reason: string): Refusal => ({
    id: ping.id,
    recorded_at: ping.recorded_at,
    reason,
    status,
    refused_at: now,
    ping,
  });
  const named = reasonsByPing(batch, error.errors);
  if (named.size)
    return {
      kind: "refuse",
      refused: batch.filter((p) => named.has(p.id)).map((p) => refuse(p, named.get(p.id) as string)),
    };
  if (batch.length > 1 && (status === 400 || status === 413)) return { kind: "split" };
  return { kind: "refuse", refused: batch.map((p) => refuse(p, error.message)) };
}

/** At most this many refusals are kept (the newest); a phone refused all day would otherwise fill storage. */
export const MAX_KEPT = 500;
const KEY = "rollbook.checkin.not-sent";

function parse(raw: string | null): Refusal[] {
  try {
    const v = JSON.parse(raw ?? "[]") as unknown;
    return Array.isArray(v)
      ? v.filter((r): r is Refusal => typeof r?.id === "string" && typeof r?.reason === "string")
      : [];
  } catch {
    return [];
  }
}

/** The "Not sent" list, kept on the phone (localStorage) until the student dismisses each entry. */
export class NotSentList {
  private items: Refusal[];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null) {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(KEY) ?? null;
    } catch {
      // storage blocked: the list lives in memory
    }
    this.items = parse(raw);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** newest first */
  getSnapshot = () => this.items;

  private save(items: Refusal[]) {
    this.items = items;
    try {
      if (items.length) this.storage?.setItem(KEY, JSON.stringify(items));
      else this.storage?.removeItem(KEY);
    } catch {
      // storage full or blocked: still shown for this page
    }
    for (const l of this.listeners) l();
  }

  add(refused: Refusal[]) {
    if (!refused.length) return;
    const ids = new Set(refused.map((r) => r.id));
    const newest = [...refused].sort((a, b) => b.recorded_at.localeCompare(a.recorded_at));
    this.save([...newest, ...this.items.filter((r) => !ids.has(r.id))].slice(0, MAX_KEPT));
  }

  dismiss(id: string) {
    this.save(this.items.filter((r) => r.id !== id));
  }

  clear() {
    this.save([]);
  }
}

function localStore() {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export const notSent = new NotSentList(localStore());
