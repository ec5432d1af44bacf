/** (123) 456-7890 from whatever the user typed; other lengths are shown as digits. */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return "";
  const d = raw.replace(/\D/g, "");
  const ten = d.length === 11 && d.startsWith("1") ? d.slice(1) : d;
  if (ten.length !== 10) return d;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

/** "2026-11-20" (or an ISO timestamp's date part) as the spec shows dates, "11/20/2026"; "" for nothing or garbage. */
export function formatDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  return m ? `${m[2]}/${m[3]}/${m[1]}` : "";
}

const DAY_LABELS = ["Su", "M", "Tu", "W", "Th", "F", "Sa"] as const;
export const MEET_KEYS = ["meet_sun", "meet_mon", "meet_tue", "meet_wed", "meet_thu", "meet_fri", "meet_sat"] as const;
export type MeetKey = (typeof MEET_KEYS)[number];

/** Course days as the spec shows them: "M W F". */
export function formatMeetDays(course: Partial<Record<MeetKey, boolean | null>>): string {
  return MEET_KEYS.map((k, i) => (course[k] ? DAY_LABELS[i] : null))
    .filter(Boolean)
    .join(" ");
}

/** "13:05" or "13:05:00" to "1:05 PM". */
export function formatClock(hhmm: string | null | undefined): string {
  if (!hhmm) return "";
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, "0")} ${suffix}`;
}

const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A stored time of day as every answer writes it: "HH:MM", 24 h. The database's `time` columns
 * read "HH:MM:SS"; times are entered in minutes, so the seconds are always zero and nothing is lost.
 * One writer for GraphQL and the REST answers (device schedule, signup, mails), so they cannot
 * drift apart. Anything else is a fault of ours, not input: it throws.
 */
export function timeOfDay(time: string): string {
  const m = TIME_OF_DAY.exec(time);
  if (!m) throw new Error(`not a time of day: ${JSON.stringify(time)}`);
  return `${m[1]}:${m[2]}`;
}

/** A figure as every screen writes it: 10716 -> "10,716", 87.5 -> "87.5" (en-US grouping). */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: 1 });
}
