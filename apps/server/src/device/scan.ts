import { parseScanCode, verifyScanCode } from "@rollbook/domain";
import { and, eq, isNull } from "drizzle-orm";
import { events, studentEvent } from "../db/schema/index.ts";
import { recordPresence } from "../engine/record-presence.ts";
import { activeSessionsAt } from "../engine/sessions-for-student.ts";
import { forgetStudent, type StudentContext } from "../engine/state.ts";
import type { Services } from "../services.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event's QR code scanned by the student's phone: presence at that event, now. */
export async function scanEventCode(s: Services, student: StudentContext, text: string) {
  const parsed = parseScanCode(text);
  if (!parsed || !UUID.test(parsed.eventUuid)) return { error: "is not a Rollbook event code" } as const;
  const [event] = await s.db
    .select({ id: events.id, uuid: events.uuid, title: events.title, scan_secret: events.scan_secret })
    .from(events)
    .where(and(eq(events.uuid, parsed.eventUuid), eq(events.school_id, student.school_id), isNull(events.deleted_at)))
    .limit(1);
  if (!event) return { error: "is not an event of your school" } as const;
  const now = new Date();
  if (!verifyScanCode(event.scan_secret, parsed.code, now))
    return { error: "has expired: scan the code again" } as const;
  const [link] = await s.db
    .select({ in_waitlist: studentEvent.in_waitlist })
    .from(studentEvent)
    .where(and(eq(studentEvent.event_id, event.id), eq(studentEvent.student_id, student.id)));
  if (!link || link.in_waitlist) return { error: "is for an event you are not signed up for" } as const;
  forgetStudent(s, student.id); // a sign-up a moment ago must count
  const open = (await activeSessionsAt(s, s.db, student, now)).some(
    (x) => x.attendable_type === "event" && x.attendable_id === event.id,
  );
  if (!open) return { error: "is for an event that is not in session now" } as const;
  const [row] = await recordPresence(s, {
    studentId: student.id,
    at: now,
    source: "scan",
    attendable: { type: "event", id: event.id },
  });
  if (!row) return { error: "is for an event that is not in session now" } as const;
  const shown = { id: event.id, uuid: event.uuid, title: event.title };
  return { attendance: { ...row, attendable: { type: "event", ...shown } }, event: shown };
}
