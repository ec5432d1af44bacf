import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { type Viewer, viewerFrom } from "../access/viewer.ts";
import { resolveToken } from "../auth/tokens.ts";
import type { Db } from "../db/client.ts";
import { CLOSE, type ClientAuth, type PushMessage, type ServerMessage, type ServerPush } from "./messages.ts";
import { type Delivery, liveTokens, recipients, recipientsOfMany, type Verdict } from "./recipients.ts";
import { ReplayLog } from "./replay-log.ts";

export interface HubOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** an unauthenticated socket is closed after this */
  authTimeoutMs: number;
  /** every socket's token is re-checked this often (revoked, expired, user changed) */
  recheckMs: number;
  /** protocol pings to drop dead sockets, and JSON pings so browsers can drop dead connections */
  heartbeatMs: number;
}

interface Conn {
  ws: WebSocket;
  viewer: Viewer | null;
  authing: boolean;
  /** a re-check of its token is under way: a burst of messages does not start more */
  checking: boolean;
  alive: boolean;
  authTimer: NodeJS.Timeout | undefined;
}

/** A slow reader holding this much unsent data is dropped; it will reconnect and refetch. */
const MAX_BUFFERED = 1024 * 1024;
/** A peer that sends pings faster than it reads the pongs is closed once this much waits for it. */
const MAX_UNREAD_PONGS = 64 * 1024;
/** The standard close code for a peer breaking the rules (RFC 6455 section 7.4.1). */
const POLICY_VIOLATION = 1008;

const OPEN = 1;
/**
 * Access checks start at least this far apart: under a school day's pings the database sees at
 * most 50 checks a second, whatever the rate; a push waits at most this long for its turn.
 */
const CHECK_SPACING_MS = 20;
/** At most this many messages share one access check (a bulk change keeps its statements bounded). */
const MAX_CHECKS_TOGETHER = 500;

/**
 * The sockets of one process and what they receive. Each message from the bus
 * gets a seq and is re-checked against the database for the sockets of its
 * school; checks run concurrently, deliveries go out in seq order (one chain),
 * which also orders registrations, replays and pings against them.
 */
export class PushHub {
  readonly instance = randomUUID();
  private seq = 0;
  private readonly replay = new ReplayLog();
  private readonly conns = new Set<Conn>();
  private readonly bySchool = new Map<number, Set<Conn>>();
  private tail: Promise<void> = Promise.resolve();
  /** access checks asked for and not started: they run together (`check`) */
  private readonly waitingChecks: (Delivery & { resolve: (v: Verdict | null) => void })[] = [];
  private checking = false;
  private lastCheckAt = Number.NEGATIVE_INFINITY;
  private readonly timers: NodeJS.Timeout[];
  private closed = false;

  constructor(private readonly o: HubOptions) {
    this.timers = [
      setInterval(() => this.heartbeat(), o.heartbeatMs),
      setInterval(() => void this.recheck([...this.conns]), o.recheckMs),
    ];
    for (const t of this.timers) t.unref();
  }

  /** Connected and authenticated sockets (for tests and health). */
  get size() {
    return [...this.conns].filter((c) => c.viewer).length;
  }

  // ---- from the bus ----

  receive(message: PushMessage) {
    if (this.closed) return;
    const seq = ++this.seq;
    this.replay.add(seq, message);
    const targets = [...(this.bySchool.get(message.school_id) ?? [])];
    if (targets.length === 0) return;
    const viewers = targets.map((c) => c.viewer as Viewer);
    const verdict = this.check(message, viewers);
    const out = toClient(seq, message);
    this.enqueue(async () => {
      const v = await verdict;
      if (!v) return;
      targets.forEach((c, i) => {
        if (v.allowed.has((viewers[i] as Viewer).tokenId)) this.send(c, out);
      });
      if (v.stale.size) void this.recheck(targets.filter((c) => c.viewer && v.stale.has(c.viewer.tokenId)));
    });
  }

  /** The bus may have lost messages: every browser refetches, and no resume reaches back past this. */
  gap() {
    this.replay.breakAt(this.seq);
    this.enqueue(async () => {
      for (const c of this.conns) if (c.viewer) this.send(c, { type: "resync" });
    });
  }

  /**
   * The access check of one message, run together with the others waiting: one check runs at a
   * time, after a turn of the event loop and at least CHECK_SPACING_MS after the last one began,
   * and whatever arrives meanwhile goes with the next (as ping groups do, decision 0564). A ping group pushes two messages a student, and one check each
   * cost the database more than the pings (decision 0566). Deliveries still go one by one, in seq
   * order; an idle hub adds one turn of the event loop.
   */
  private check(message: PushMessage, viewers: Viewer[]): Promise<Verdict | null> {
    const asked = new Promise<Verdict | null>((resolve) => this.waitingChecks.push({ message, viewers, resolve }));
    this.startChecks();
    return asked;
  }

  private startChecks() {
    if (this.checking || this.waitingChecks.length === 0) return;
    this.checking = true;
    const wait = this.lastCheckAt + CHECK_SPACING_MS - performance.now();
    const start = () => {
      this.lastCheckAt = performance.now();
      const batch = this.waitingChecks.splice(0, MAX_CHECKS_TOGETHER);
      recipientsOfMany(this.o.db, batch)
        .then(
          (verdicts) => {
            for (const [i, d] of batch.entries()) d.resolve(verdicts[i] ?? null);
          },
          (err) => {
            this.o.log.error({ err }, "push: access check failed; messages not delivered");
            for (const d of batch) d.resolve(null);
          },
        )
        .finally(() => {
          this.checking = false;
          this.startChecks();
        });
    };
    if (wait > 0) setTimeout(start, wait).unref();
    else setImmediate(start);
  }

  // ---- from sockets ----

  accept(ws: WebSocket) {
    const conn: Conn = {
      ws,
      viewer: null,
      authing: false,
      checking: false,
      alive: true,
      authTimer: undefined,
    };
    this.conns.add(conn);
    conn.authTimer = setTimeout(() => {
      if (!conn.viewer && !conn.authing)
        ws.close(CLOSE.authTimeout, "authentication timeout: send {type:'auth', token} first");
    }, this.o.authTimeoutMs);
    ws.on("pong", () => {
      conn.alive = true;
    });
    // any number of pings is answered, before auth too; a flood the peer does not read ends
    // with a close frame, where ws's own guard (autoPong) would cut the connection silently
    ws.on("ping", (data) => {
      conn.alive = true;
      if (ws.readyState !== OPEN) return;
      if (ws.bufferedAmount > MAX_UNREAD_PONGS) ws.close(POLICY_VIOLATION, "too many pings: read the pongs");
      else ws.pong(data);
    });
    ws.on("message", (data, isBinary) => {
      conn.alive = true;
      if (conn.viewer || conn.authing) return; // nothing else is expected from a browser
      conn.authing = true;
      const auth = isBinary ? null : parseAuth(data.toString());
      if (!auth) {
        ws.close(CLOSE.badRequest, 'the first message must be {"type":"auth","token":"<access token>"}');
        return;
      }
      void this.authenticate(conn, auth).catch((err) => {
        this.o.log.error({ err }, "push: authentication failed");
        ws.close(1011, "server error");
      });
    });
    ws.on("close", () => this.drop(conn));
    ws.on("error", () => this.drop(conn));
  }

  private async authenticate(conn: Conn, auth: ClientAuth) {
    const token = await resolveToken(this.o.db, auth.token);
    if (token?.kind !== "access") {
      conn.ws.close(CLOSE.unauthorized, "invalid or expired token");
      return;
    }
    const viewer = await viewerFrom(this.o.db, token);
    this.enqueue(async () => {
      if (conn.ws.readyState !== OPEN) return;
      // from here on, messages with a higher seq reach it live (their delivery comes after this
      // step in the chain); those up to `upTo` only through the replay below
      const upTo = this.seq;
      clearTimeout(conn.authTimer);
      conn.viewer = viewer;
      this.index(conn);
      let resumed = false;
      if (auth.resume && auth.resume.instance === this.instance) {
        const missed = this.replay.after(auth.resume.seq, upTo);
        if (missed) {
          resumed = true;
          for (const e of missed) {
            const m = e.message;
            if (m.school_id !== viewer.schoolId) continue;
            if (m.type === "task.update" && m.user_id !== viewer.user.id) continue;
            const v = await recipients(this.o.db, m, [viewer]);
            if (v.allowed.has(viewer.tokenId)) this.send(conn, toClient(e.seq, m));
          }
        }
      }
      this.send(conn, { type: "ready", instance: this.instance, seq: upTo, resumed });
    });
  }

  /**
   * Re-reads the tokens of these sockets: closes those revoked, expired or of
   * a deactivated user; rebuilds the viewer of a user whose school or role changed.
   */
  async recheck(conns: Conn[]) {
    const authed = conns.filter((c) => c.viewer && !c.checking && this.conns.has(c));
    if (authed.length === 0 || this.closed) return;
    for (const c of authed) c.checking = true;
    try {
      const rows = await liveTokens(this.o.db, [...new Set(authed.map((c) => (c.viewer as Viewer).tokenId))]);
      const live = new Map(rows.map((r) => [r.tokenId, r]));
      for (const c of authed) {
        const v = c.viewer as Viewer;
        const row = live.get(v.tokenId);
        if (!row) {
          c.ws.close(CLOSE.unauthorized, "token revoked or expired");
          this.drop(c);
        } else if (row.user.school_id !== v.schoolId || row.user.role_id !== v.roleId) {
          this.unindex(c);
          c.viewer = await viewerFrom(this.o.db, row);
          this.index(c);
          // what it may see changed: its data must be fetched again
          this.send(c, { type: "resync" });
        }
      }
    } catch (err) {
      this.o.log.error({ err }, "push: token re-check failed");
    } finally {
      for (const c of authed) c.checking = false;
    }
  }

  private heartbeat() {
    for (const c of this.conns) {
      if (!c.alive) {
        c.ws.terminate();
        this.drop(c);
        continue;
      }
      c.alive = false;
      if (c.ws.readyState === OPEN) c.ws.ping();
    }
    const seq = this.seq;
    this.enqueue(async () => {
      for (const c of this.conns) if (c.viewer) this.send(c, { type: "ping", seq });
    });
  }

  close() {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    for (const c of this.conns) clearTimeout(c.authTimer);
  }

  // ---- helpers ----

  private enqueue(task: () => Promise<void>) {
    this.tail = this.tail.then(task).catch((err) => this.o.log.error({ err }, "push: delivery failed"));
  }

  private send(c: Conn, message: ServerMessage) {
    if (c.ws.readyState !== OPEN) return;
    if (c.ws.bufferedAmount > MAX_BUFFERED) {
      c.ws.terminate();
      this.drop(c);
      return;
    }
    c.ws.send(JSON.stringify(message));
  }

  private index(c: Conn) {
    const school = (c.viewer as Viewer).schoolId;
    const set = this.bySchool.get(school) ?? new Set<Conn>();
    this.bySchool.set(school, set);
    set.add(c);
  }

  private unindex(c: Conn) {
    if (!c.viewer) return;
    const set = this.bySchool.get(c.viewer.schoolId);
    set?.delete(c);
    if (set?.size === 0) this.bySchool.delete(c.viewer.schoolId);
  }

  private drop(c: Conn) {
    clearTimeout(c.authTimer);
    this.unindex(c);
    this.conns.delete(c);
  }
}

function toClient(seq: number, m: PushMessage): ServerPush {
  const out: ServerPush = { seq, type: m.type, ids: m.ids };
  if (m.student_ids) out.student_ids = m.student_ids;
  if (m.attendable) out.attendable = m.attendable;
  return out;
}

function parseAuth(raw: string): ClientAuth | null {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null) return null;
  const m = v as Record<string, unknown>;
  if (m.type !== "auth" || typeof m.token !== "string" || m.token.length === 0 || m.token.length > 200) return null;
  const auth: ClientAuth = { type: "auth", token: m.token };
  const r = m.resume as Record<string, unknown> | undefined;
  if (r && typeof r === "object" && typeof r.instance === "string" && Number.isSafeInteger(r.seq)) {
    auth.resume = { instance: r.instance, seq: r.seq as number };
  }
  return auth;
}
