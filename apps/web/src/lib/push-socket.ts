import { CLOSE, isPushEvent, type Position, type PushEvent, type ServerMessage, SILENCE_MS } from "./push-protocol.ts";

export interface SocketEvents {
  /** a change to refetch */
  push(event: PushEvent): void;
  /** the client may have missed changes (first connect, server restart, bus gap): refetch everything */
  resync(): void;
  /** the server refused the token */
  unauthorized(): void;
  /** the position moved (after each message): a tab taking over can resume from it */
  position(p: Position): void;
}

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

/** ws: or wss: to this page's host, so the Vite dev proxy and production behave alike. */
export function pushUrl(loc: Location = window.location): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/api/v2/push`;
}

/**
 * One WebSocket to /api/v2/push that keeps itself up: it authenticates with its
 * first message (never in the URL), reconnects with growing, jittered delays
 * after any drop (a server restart included), resumes from its last position
 * when it can, and treats 60 s of silence as a dead connection.
 */
export class PushSocket {
  private ws: WebSocket | null = null;
  private stopped = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private pos: Position | null;

  constructor(
    private readonly getToken: () => string | null,
    private readonly on: SocketEvents,
    start: Position | null = null,
    private readonly url: string = pushUrl(),
  ) {
    this.pos = start;
    // a laptop waking up or a network coming back: try at once rather than at the next backoff step
    window.addEventListener("online", this.reconnectNow);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener("online", this.reconnectNow);
    clearTimeout(this.retryTimer);
    clearTimeout(this.silenceTimer);
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, "signed out or tab closing");
  }

  private readonly reconnectNow = () => {
    if (this.stopped || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.retryTimer);
    this.connect();
  };

  private connect() {
    if (this.stopped) return;
    const token = this.getToken();
    if (!token) return; // signed out: the owner stops us
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "auth", token, ...(this.pos ? { resume: this.pos } : {}) }));
      this.armSilence();
    };
    ws.onmessage = (e) => {
      this.armSilence();
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      this.handle(m);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearTimeout(this.silenceTimer);
      if (this.stopped) return;
      if (e.code === CLOSE.unauthorized) this.on.unauthorized();
      this.scheduleRetry(e.code === CLOSE.unauthorized || e.code === CLOSE.badRequest);
    };
  }

  private handle(m: ServerMessage) {
    if (isPushEvent(m)) {
      this.on.push(m);
      if (this.pos) this.move({ instance: this.pos.instance, seq: Math.max(this.pos.seq, m.seq) });
      return;
    }
    if (m.type === "ready") {
      this.attempt = 0;
      // not resumed: what happened before (while disconnected, or while the page loaded) is
      // unknown, so everything shown is refetched
      if (!m.resumed) this.on.resync();
      this.move({ instance: m.instance, seq: m.seq });
    } else if (m.type === "ping") {
      if (this.pos) this.move({ instance: this.pos.instance, seq: Math.max(this.pos.seq, m.seq) });
    } else if (m.type === "resync") {
      this.on.resync();
    }
  }

  private move(p: Position) {
    this.pos = p;
    this.on.position(p);
  }

  private armSilence() {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      // a half-open connection never fires onclose by itself
      const ws = this.ws;
      this.ws = null;
      ws?.close(4000, "silent");
      this.scheduleRetry();
    }, SILENCE_MS);
  }

  private scheduleRetry(slow = false) {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    const step = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempt);
    this.attempt += 1;
    // jitter spreads the reconnects of many browsers after a restart
    const delay = (slow ? BACKOFF_MAX_MS : step) * (0.5 + Math.random() / 2);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }
}
