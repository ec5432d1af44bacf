/**
 * What the push channel carries. Publishers (the attendance engine, task
 * creation, staff mutations) describe what changed; the channel decides per
 * connected user, re-checking access, whether they receive it.
 */
import { PUSH_TYPES, type PushType } from "@rollbook/domain";

export { PUSH_TYPES, type PushType };

/**
 * Messages about a course, event or team itself (created, edited, archived, removed, restored, its
 * staff assigned or unassigned): `ids` are its id, and it goes to the school's staff who may see
 * that row, and to the `user_ids` it names (staff just unassigned from it, decision 0200).
 */
export const ROW_TABLES = { "course.update": "courses", "event.update": "events", "team.update": "teams" } as const;
export type RowPushType = keyof typeof ROW_TABLES;
export const isRowPush = (type: PushType): type is RowPushType => Object.hasOwn(ROW_TABLES, type);

/**
 * Messages that may name `user_ids`: a course, event or team, or a student, whose staff were just
 * unassigned (assigned-only roles then no longer see it, decision 0200). Other kinds never do.
 */
export type NamingPushType = RowPushType | "student.update";
export const namesUsers = (type: PushType): type is NamingPushType => isRowPush(type) || type === "student.update";

export interface PushMessage {
  type: PushType;
  school_id: number;
  /** ids of the rows concerned: student, attendance, task, import, course, event or team ids, by type */
  ids: number[];
  /** students concerned, used for the access re-check */
  student_ids?: number[];
  /** the course or event concerned, when there is one */
  attendable?: { type: "course" | "event"; id: number };
  /** for task.update: the one user the task belongs to */
  user_id?: number;
  /**
   * for course, event, team and student messages (`namesUsers`): users of the message's school who
   * get it whether or not they see the row now (staff just unassigned from it, whose open lists
   * must drop it); only its id travels
   */
  user_ids?: number[];
}

/**
 * Not for browsers: tells every server process to forget what its engine cached about these
 * students (no ids: every schedule), after staff changed their token, device or schedule.
 */
export interface EngineForget {
  type: "engine.forget";
  ids: number[];
}

/** What travels on the bus between processes: pushes for browsers, and engine cache hints. */
export type BusMessage = PushMessage | EngineForget;

export const isPush = (m: BusMessage): m is PushMessage => m.type !== "engine.forget";

export interface Bus {
  publish(message: BusMessage): Promise<void>;
  close(): Promise<void>;
}

/** Used until the realtime module provides the in-process and Redis buses. */
export const nullBus: Bus = {
  async publish() {},
  async close() {},
};

/** Receives every message published on the bus, by any process. */
export type PushListener = (message: BusMessage) => void;

/** The bus as the push channel sees it: it also subscribes. */
export interface PushBus extends Bus {
  /**
   * `onGap` is called when messages may have been lost (the Redis subscriber
   * reconnected): connected browsers must then refetch everything.
   */
  subscribe(listener: PushListener, onGap?: () => void): () => void;
}

// ---- the wire protocol of /api/v2/push (JSON text frames) ----

/** The browser's first message; the token never travels in the URL. */
export interface ClientAuth {
  type: "auth";
  token: string;
  /** resume after a dropped connection: the process it was on and the last seq it saw */
  resume?: { instance: string; seq: number };
}

/** After a valid auth. `resumed` false: the client cannot know what it missed and refetches. */
export interface ServerReady {
  type: "ready";
  instance: string;
  seq: number;
  resumed: boolean;
}

/** A push message as a browser receives it: no school, no other users. */
export interface ServerPush {
  seq: number;
  type: PushType;
  ids: number[];
  student_ids?: number[];
  attendable?: { type: "course" | "event"; id: number };
}

/** Sent when this process may have missed messages (bus gap): refetch everything. */
export interface ServerResync {
  type: "resync";
}

/**
 * Application-level heartbeat so the browser can tell a dead connection from
 * a quiet one. `seq`: every message up to it meant for this socket has been sent.
 */
export interface ServerPing {
  type: "ping";
  seq: number;
}

export type ServerMessage = ServerReady | ServerPush | ServerResync | ServerPing;

/** WebSocket close codes the client acts on. */
export const CLOSE = {
  /** bad, revoked or expired token: do not retry with the same token */
  unauthorized: 4401,
  /** no auth message in time: reconnect and send it first */
  authTimeout: 4408,
  /** a malformed first message */
  badRequest: 4400,
  /** server shutting down (standard "going away"): reconnect with backoff */
  goingAway: 1001,
} as const;
