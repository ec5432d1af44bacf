/**
 * Which days the cancellation date picker offers: the course's meeting days within its semester
 * (an indefinite one: a year around today). Pure, tested without a browser.
 */
import { addDays, type CourseSchedule, sessionDaysBetween } from "@rollbook/domain";

export function cancellableDates(course: CourseSchedule, today: string): { dates: string[]; min: string; max: string } {
  const min = course.semester_start ?? addDays(today, -183);
  const max = !course.is_indefinite && course.semester_end ? course.semester_end : addDays(today, 366);
  return { dates: sessionDaysBetween(course, min, max), min, max };
}

/** The server's date message in the form's words ("date is a Tuesday…" -> "Date is a Tuesday…"). */
export const dateMessage = (message: string) => message.trim().replace(/^date\b/, "Date");
