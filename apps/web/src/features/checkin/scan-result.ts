import { SCAN_REFUSAL, type ScanRefusal, STATUS } from "@rollbook/domain";
import { DeviceError } from "./device-api.ts";
import type { LocationPermission } from "./location-tracker.ts";
import type { ScanPosition } from "./scan-position.ts";
import { statusWords } from "./status-words.ts";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" ? (v as Obj) : {});

const attendanceOf = (answer: unknown) => {
  const a = obj(answer);
  return Object.keys(obj(a.attendance)).length ? obj(a.attendance) : a;
};

/** The attendance POST /scan made, in a sentence: "College Fair: Present". */
export function describeScan(answer: unknown): string {
  const a = obj(answer);
  const attendance = attendanceOf(answer);
  const title =
    (typeof obj(attendance.attendable).title === "string" && (obj(attendance.attendable).title as string)) ||
    (typeof obj(a.event).title === "string" && (obj(a.event).title as string)) ||
    (typeof attendance.title === "string" && attendance.title) ||
    "The event";
  const status = typeof attendance.status === "number" ? attendance.status : null;
  return `${title}: ${statusWords(status)}`;
}

export const NO_LOCATION_NOTE =
  "Pending: your location was not available, so staff will confirm this check-in. Turn on location to be confirmed at once.";
export const NO_FIX_YET_NOTE =
  "Pending: your phone had not found its location yet, so this check-in waits to be confirmed. Keep this page open: it is confirmed once your location is found, or staff will confirm it.";

/**
 * Why a scan reads pending, told only when the phone itself knows: it sent no position with the
 * scan (decision 0552). The server's answer says nothing of which check failed, and neither does
 * this: a scan sent with a position that reads pending gets no explanation.
 */
export function scanNote(answer: unknown, sent: ScanPosition, permission: LocationPermission): string | null {
  if (sent.latitude !== undefined || attendanceOf(answer).status !== STATUS.pending) return null;
  // location on but no fresh fix: the app's next ping from the place can still confirm it
  return permission === "granted" ? NO_FIX_YET_NOTE : NO_LOCATION_NOTE;
}

/**
 * The server's reasons for refusing a scan (device/scan.ts), each said to the student in a whole
 * sentence; the server sends them as field errors of `code` ("code is not a Rollbook event code").
 */
const SCAN_REFUSALS: Record<ScanRefusal, string> = {
  [SCAN_REFUSAL.not_a_code]: "This is not a Rollbook event code. Scan the QR code on the organiser's screen.",
  // an unknown event as well as another school's
  [SCAN_REFUSAL.other_school]: "This code is not for an event of your school.",
  [SCAN_REFUSAL.expired]: "This code has expired. Scan the code on the organiser's screen again.",
  [SCAN_REFUSAL.not_signed_up]: "This code is for an event you are not signed up for. Ask the organiser to add you.",
  [SCAN_REFUSAL.not_in_session]: "This event is not in session now. Scan its code while it runs.",
  [SCAN_REFUSAL.used]: "You already used this code. Scan the code shown now.",
};

/**
 * A refused or failed scan in the student's words. A refusal of the code itself reads as a
 * sentence (an unknown one, such as a code too long to be one, as not an event code); a fault of
 * the server says to try again; the rest (no connection, another phone) are worded already.
 */
export function scanErrorText(err: unknown): string {
  if (!(err instanceof DeviceError)) return err instanceof Error ? err.message : "The code was not accepted.";
  const reason = err.errors.code?.[0];
  if (reason !== undefined) return SCAN_REFUSALS[reason as ScanRefusal] ?? SCAN_REFUSALS[SCAN_REFUSAL.not_a_code];
  if (err.status >= 500) return `${err.message} Try again in a moment.`;
  return err.message;
}
