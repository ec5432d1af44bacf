import { statusWords } from "./status-words.ts";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" ? (v as Obj) : {});

/** The attendance POST /scan made, in a sentence: "College Fair: Present". */
export function describeScan(answer: unknown): string {
  const a = obj(answer);
  const attendance = Object.keys(obj(a.attendance)).length ? obj(a.attendance) : a;
  const title =
    (typeof obj(attendance.attendable).title === "string" && (obj(attendance.attendable).title as string)) ||
    (typeof obj(a.event).title === "string" && (obj(a.event).title as string)) ||
    (typeof attendance.title === "string" && attendance.title) ||
    "The event";
  const status = typeof attendance.status === "number" ? attendance.status : null;
  return `${title}: ${statusWords(status)}`;
}
