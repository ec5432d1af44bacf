import { parseScanCode, SCAN_CODE_PERIOD_S, SCAN_REFUSAL, scanCodeAt, verifyScanCode } from "@rollbook/domain";
import { and, eq, isNull } from "drizzle-orm";
import { events, studentEvent } from "../db/schema/index.ts";
import type { AttendanceRow } from "../engine/apply.ts";
import { recordPresence } from "../engine/record-presence.ts";
import { activeSessionsAt } from "../engine/sessions-for-student.ts";
import { forgetStudent, type StudentContext } from "../engine/state.ts";
import type { Services } from "../services.ts";
import { claimCode, stepOfCode, unclaimCode } from "./codes-once.ts";
import type { ScanInput } from "./schemas.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A replay of a code the student already used: 409, not 400 (decision 0510). */
export const CODE_USED = SCAN_REFUSAL.used;

/**
 * The attendance as the phone is told it: what the student sees, never the confidence, the
 * evidence or the engine's state (a faker must not learn which check a scan failed, issue 9).
 */
function forPhone(row: AttendanceRow) {
  const { confidence: _c, evidence: _e, engine_state: _s, ...shown } = row;
  return shown;
}

/** The phone's position sent with the scan, if it sent one (the schema wants both coordinates). */
const positionOf = ({ latitude, longitude, accuracy }: ScanInput) =>
  latitude != null && longitude != null ? { latitude, longitude, accuracy } : null;

/**
 * An event's QR code scanned by the student's phone: presence at that event, now. Each code
 * counts once per student (decision 0510); a replay changes nothing. The phone's position, when
 * sent, is kept with the check-in: one from clearly away is stored but not believed, and at a
 * place with a geofence one without a position inside it counts only once the phone's own live
 * pings put the student there. The answer is the attendance as it stands either way (decision 0552).
 */
export async function scanEventCode(s: Services, student: StudentContext, input: ScanInput) {
  const parsed = parseScanCode(input.code);
  if (!parsed || !UUID.test(parsed.eventUuid)) return { error: SCAN_REFUSAL.not_a_code } as const;
  const [event] = await s.db
    .select({ id: events.id, uuid: events.uuid, title: events.title, scan_secret: events.scan_secret })
    .from(events)
    .where(and(eq(events.uuid, parsed.eventUuid), eq(events.school_id, student.school_id), isNull(events.deleted_at)))
    .limit(1);
  if (!event) return { error: SCAN_REFUSAL.other_school } as const;
  const now = new Date();
  if (!verifyScanCode(event.scan_secret, parsed.code, now)) return { error: SCAN_REFUSAL.expired } as const;
  const [link] = await s.db
    .select({ in_waitlist: studentEvent.in_waitlist })
    .from(studentEvent)
    .where(and(eq(studentEvent.event_id, event.id), eq(studentEvent.student_id, student.id)));
  if (!link || link.in_waitlist) return { error: SCAN_REFUSAL.not_signed_up } as const;
  forgetStudent(s, student.id); // a sign-up a moment ago must count
  const open = (await activeSessionsAt(s, s.db, student, now)).some(
    (x) => x.attendable_type === "event" && x.attendable_id === event.id,
  );
  if (!open) return { error: SCAN_REFUSAL.not_in_session } as const;
  const step = stepOfCode(
    (t) => scanCodeAt(event.uuid, event.scan_secret, t).slice(-8),
    parsed.code,
    now,
    SCAN_CODE_PERIOD_S,
  );
  if (step === null) return { error: SCAN_REFUSAL.expired } as const;
  const use = { student_id: student.id, kind: "scan", subject_id: event.id, step } as const;
  if (!(await claimCode(s.db, use))) return { error: CODE_USED, status: 409 } as const;
  // a check-in that did not happen gives the code back
  const [row] = await recordPresence(s, {
    studentId: student.id,
    at: now,
    source: "scan",
    attendable: { type: "event", id: event.id },
    position: positionOf(input),
  }).catch(async (err) => {
    await unclaimCode(s.db, use);
    throw err;
  });
  if (!row) {
    await unclaimCode(s.db, use);
    return { error: SCAN_REFUSAL.not_in_session } as const;
  }
  const shown = { id: event.id, uuid: event.uuid, title: event.title };
  return { attendance: { ...forPhone(row), attendable: { type: "event", ...shown } }, event: shown };
}
