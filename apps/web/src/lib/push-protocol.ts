/**
 * The wire protocol of /api/v2/push, as the browser sees it. Its kinds of change are the domain's
 * PUSH_TYPES (one list with the server); the rest mirrors apps/server/src/realtime/messages.ts.
 */
import { PUSH_TYPES, type PushType } from "@rollbook/domain";

export { PUSH_TYPES, type PushType };

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
