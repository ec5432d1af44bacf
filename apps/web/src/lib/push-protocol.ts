/**
 * The wire protocol of /api/v2/push, as the browser sees it. The server's
 * apps/server/src/realtime/messages.ts is the source; keep the two in step.
 */
export type PushType =
  | "student.update"
  | "attendance.update"
  | "task.update"
  | "import.update"
  /** a course, event or team itself changed (edited, created, archived, removed, restored): ids = [its id] */
  | "course.update"
  | "event.update"
  | "team.update";

export const PUSH_TYPES: readonly PushType[] = [
  "student.update",
  "attendance.update",
  "task.update",
  "import.update",
  "course.update",
  "event.update",
  "team.update",
];

/** A change the signed-in user may see: the ids concerned, by type. */
export interface PushEvent {
  seq: number;
  type: PushType;
  ids: number[];
  student_ids?: number[];
  attendable?: { type: "course" | "event"; id: number };
}

export type ServerMessage =
  | { type: "ready"; instance: string; seq: number; resumed: boolean }
  | { type: "resync" }
  | { type: "ping"; seq: number }
  | PushEvent;

/** Where the socket is in the server's stream, to resume after a dropped connection. */
export interface Position {
  instance: string;
  seq: number;
}

export const CLOSE = {
  /** the token was refused (revoked, expired): the session may be over */
  unauthorized: 4401,
  badRequest: 4400,
  authTimeout: 4408,
} as const;

/** The server pings every 25 s; silence for this long means the connection is dead. */
export const SILENCE_MS = 60_000;

export const isPushEvent = (m: ServerMessage): m is PushEvent => PUSH_TYPES.includes(m.type as PushType);
