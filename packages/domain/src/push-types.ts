/**
 * The kinds of change the push channel (/api/v2/push) carries: the server publishes them
 * (apps/server/src/realtime/messages.ts), the browser refetches by them (apps/web/src/lib/).
 * One list for both sides, so a new kind cannot reach a browser that drops it.
 */
export const PUSH_TYPES = [
  "student.update",
  "attendance.update",
  "task.update",
  "import.update",
  /** a course, event or team itself changed (edited, created, archived, removed, restored, staff assigned): ids = [its id] */
  "course.update",
  "event.update",
  "team.update",
] as const;

export type PushType = (typeof PUSH_TYPES)[number];
