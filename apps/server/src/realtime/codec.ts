import { type BusMessage, namesUsers, PUSH_TYPES, type PushMessage, type PushType } from "./messages.ts";

const isId = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) > 0;
const isIdList = (x: unknown): x is number[] => Array.isArray(x) && x.every(isId);

/**
 * A message as it travels on the bus (JSON), checked on both ends: a bad
 * publish is a bug to log, and Redis is a shared place anyone may write to.
 */
export function decodePush(value: unknown): PushMessage | null {
  if (typeof value !== "object" || value === null) return null;
  const m = value as Record<string, unknown>;
  if (!PUSH_TYPES.includes(m.type as PushType) || !isId(m.school_id) || !isIdList(m.ids)) return null;
  const out: PushMessage = { type: m.type as PushType, school_id: m.school_id, ids: [...m.ids] };
  if (m.student_ids !== undefined) {
    if (!isIdList(m.student_ids)) return null;
    out.student_ids = [...m.student_ids];
  }
  if (m.attendable !== undefined) {
    const a = m.attendable as Record<string, unknown> | null;
    if (!a || (a.type !== "course" && a.type !== "event") || !isId(a.id)) return null;
    out.attendable = { type: a.type, id: a.id };
  }
  if (m.user_id !== undefined) {
    if (!isId(m.user_id)) return null;
    out.user_id = m.user_id;
  }
  if (m.user_ids !== undefined) {
    if (!isIdList(m.user_ids)) return null;
    // only the kinds that may name users keep them: on others they would mean nothing, or too much
    if (namesUsers(out.type)) out.user_ids = [...m.user_ids];
  }
  if (out.type === "task.update" && out.user_id === undefined) return null;
  return out;
}

/** A push, or an engine cache hint (ids may be empty: every schedule). */
export function decodeBus(value: unknown): BusMessage | null {
  const m = value as Record<string, unknown> | null;
  if (m && typeof m === "object" && m.type === "engine.forget")
    return isIdList(m.ids) ? { type: "engine.forget", ids: [...m.ids] } : null;
  return decodePush(value);
}

export function decodeBusJson(raw: string): BusMessage | null {
  try {
    return decodeBus(JSON.parse(raw));
  } catch {
    return null;
  }
}
