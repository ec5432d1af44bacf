import type { PushMessage } from "./messages.ts";

export interface Logged {
  seq: number;
  at: number;
  message: PushMessage;
}

/**
 * The last messages this process received, so a browser that lost its
 * connection for a moment can resume from its last seq instead of refetching
 * everything. Bounded by count and age; what fell out cannot be resumed.
 */
export class ReplayLog {
  private entries: Logged[] = [];
  /** a resume from before this seq is refused (messages may have been lost on the bus) */
  private floor = 0;

  constructor(
    private readonly capacity = 1000,
    private readonly maxAgeMs = 5 * 60_000,
  ) {}

  add(seq: number, message: PushMessage, now = Date.now()) {
    this.entries.push({ seq, at: now, message });
    this.trim(now);
  }

  /** Marks that messages may be missing before `seq` (a bus gap). */
  breakAt(seq: number) {
    this.entries = [];
    this.floor = seq;
  }

  /**
   * The messages after `seq` up to `upTo`, or null when some may be missing
   * (too old, a gap, or a seq this process never gave).
   */
  after(seq: number, upTo: number, now = Date.now()): Logged[] | null {
    this.trim(now);
    if (!Number.isSafeInteger(seq) || seq < 0 || seq > upTo) return null;
    if (this.floor > 0 && seq <= this.floor) return null;
    const first = this.entries[0];
    // a seq gap means trimmed entries: the resume must start within what is still held
    if (seq < upTo && (!first || first.seq > seq + 1)) return null;
    return this.entries.filter((e) => e.seq > seq && e.seq <= upTo);
  }

  private trim(now: number) {
    let drop = Math.max(0, this.entries.length - this.capacity);
    while (drop < this.entries.length && now - (this.entries[drop] as Logged).at > this.maxAgeMs) drop += 1;
    if (drop > 0) this.entries = this.entries.slice(drop);
  }
}
