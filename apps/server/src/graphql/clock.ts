/**
 * Every time of day GraphQL answers (Course and Event start_time/end_time, SearchCourse
 * startTime/endTime, StudentNow start_time/end_time) is written here, and only here: "HH:MM",
 * 24 h, the school's zone, the form the mutations take (courses and events alike). The
 * database's `time` columns read "HH:MM:SS"; without this an update of "20:15" answered
 * "20:15:00". Stored times never carry seconds (the input is minutes), so nothing is lost.
 */
export const CLOCK_DESCRIPTION = "HH:MM (24 h), the school's zone";

const CLOCK = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

export function clock(time: string): string {
  const m = CLOCK.exec(time);
  if (!m) throw new Error(`not a time of day: ${JSON.stringify(time)}`);
  return `${m[1]}:${m[2]}`;
}
