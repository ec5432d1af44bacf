/**
 * Every time of day GraphQL answers (Course and Event start_time/end_time, SearchCourse
 * startTime/endTime, StudentNow start_time/end_time) is written here, and only here: "HH:MM",
 * 24 h, the school's zone, the form the mutations take (courses and events alike). The
 * database's `time` columns read "HH:MM:SS"; without this an update of "20:15" answered
 * "20:15:00". Stored times never carry seconds (the input is minutes), so nothing is lost.
 * The REST answers (device schedule, signup, the weekly mail) use the same `timeOfDay`.
 */
export const CLOCK_DESCRIPTION = "HH:MM (24 h), the school's zone";

/** The domain's one writer of a time of day, shared with the REST answers. */
export { timeOfDay as clock } from "@rollbook/domain";
