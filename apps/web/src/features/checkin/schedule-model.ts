/**
 * Today's sessions as the check-in screen shows them, read from GET /api/v2/device/schedule.
 */
import { compareNames, STATUS } from "@rollbook/domain";

export interface TodaySession {
  key: string;
  type: "course" | "event";
  title: string;
  /** "HH:MM" in the school's time zone */
  start_time: string;
  end_time: string;
  location: string | null;
  /** attendance status id; null while no attendance exists yet (shown as Pending) */
  status: number | null;
  enter: string | null;
  exit: string | null;
  /** the session does not take place ("cancelled", "closure"): shown as Cancelled */
  cancelled: boolean;
  /** staff take this class's attendance by hand: the phone cannot check in */
  manual: boolean;
}

export interface Schedule {
  date: string;
  timezone: string | null;
  sessions: TodaySession[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const hhmm = (v: unknown) => (str(v) ?? "").slice(0, 5);

export function parseSchedule(payload: unknown, date: string): Schedule {
  const root = obj(payload);
  const list = Array.isArray(payload) ? payload : Array.isArray(root.sessions) ? root.sessions : [];
  const sessions = list.map((raw, i): TodaySession => {
    const s = obj(raw);
    const attendance = obj(s.attendance);
    const type = s.attendable_type === "event" || s.type === "event" ? "event" : "course";
    const id = s.attendable_id ?? s.id ?? i;
    const cancelled = Boolean(s.cancelled);
    return {
      key: `${type}:${String(id)}:${hhmm(s.start_time)}`,
      type,
      title: str(s.title) ?? "Untitled session",
      start_time: hhmm(s.start_time),
      end_time: hhmm(s.end_time),
      location: str(obj(s.location).name) ?? str(s.location_name),
      status: num(attendance.status) ?? num(s.status) ?? (cancelled ? STATUS.cancelled : null),
      enter: str(attendance.enter) ?? str(s.enter),
      exit: str(attendance.exit) ?? str(s.exit),
      cancelled,
      manual: s.manual_attendance === true,
    };
  });
  sessions.sort((a, b) => a.start_time.localeCompare(b.start_time) || compareNames(a.title, b.title));
  return { date: str(root.date) ?? date, timezone: str(root.timezone), sessions };
}
