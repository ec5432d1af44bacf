import { STATUS } from "@rollbook/domain";
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
