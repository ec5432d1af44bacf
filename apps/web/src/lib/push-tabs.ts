import type { Position, PushEvent } from "./push-protocol.ts";
import { PushSocket } from "./push-socket.ts";

export interface FeedOptions {
  /** tabs of the same scope (the signed-in user's id) share one socket */
  scope: string;
  /** this tab's token, read at every (re)connect */
  getToken: () => string | null;
  push(event: PushEvent): void;
  resync(): void;
  /** the server refused this tab's token */
  unauthorized(): void;
}

type TabMessage = { kind: "push"; event: PushEvent } | { kind: "resync" } | { kind: "position"; position: Position };

/**
 * One WebSocket per browser and user, shared by its tabs: the tab holding the
 * Web Lock `rollbook-push:<user id>` keeps the socket (with its own token) and
 * fans what arrives out to the other tabs over a BroadcastChannel of the same
 * name. When it closes or signs out the lock passes to another tab, which
 * resumes from the last position it heard. Tabs of different users do not
 * share. Without Web Locks or BroadcastChannel each tab keeps its own socket.
 * Returns a function that stops this tab's part.
 */
export function startPushFeed(o: FeedOptions): () => void {
  const canShare = typeof BroadcastChannel !== "undefined" && typeof navigator !== "undefined" && !!navigator.locks;
  if (!canShare) {
    const socket = new PushSocket(o.getToken, { ...o, position: () => {} });
    return () => socket.stop();
  }

  const name = `rollbook-push:${o.scope}`;
  const channel = new BroadcastChannel(name);
  const abort = new AbortController();
  let last: Position | null = null;
  let socket: PushSocket | null = null;
  let stopped = false;
  let releaseLock: () => void = () => {};

  channel.onmessage = (e: MessageEvent<TabMessage>) => {
    const m = e.data;
    if (m.kind === "push") o.push(m.event);
    else if (m.kind === "resync") o.resync();
    else if (m.kind === "position") last = m.position;
  };

  const lead = () =>
    new Promise<void>((release) => {
      releaseLock = release;
      if (stopped) return release();
      socket = new PushSocket(
        o.getToken,
        {
          push(event) {
            o.push(event);
            channel.postMessage({ kind: "push", event } satisfies TabMessage);
          },
          resync() {
            o.resync();
            channel.postMessage({ kind: "resync" } satisfies TabMessage);
          },
          position(position) {
            last = position;
            channel.postMessage({ kind: "position", position } satisfies TabMessage);
          },
          unauthorized: o.unauthorized,
        },
        last,
      );
    });

  const waitToLead = () =>
    navigator.locks.request(name, { signal: abort.signal }, lead).catch(() => {
      // aborted: this tab stopped before its turn came
    });

  void navigator.locks
    .request(name, { ifAvailable: true }, (lock) => {
      if (lock) return lead();
      // another tab has the socket: this tab's data was loaded before it listened, so refresh it once
      o.resync();
      void waitToLead();
      return undefined;
    })
    .catch(() => {});

  return () => {
    stopped = true;
    abort.abort();
    socket?.stop();
    socket = null;
    releaseLock();
    channel.close();
  };
}
