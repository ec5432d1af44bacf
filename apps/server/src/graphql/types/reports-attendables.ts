// Report calls of courses, events, teams and students (issue 12). Each needs access_reports
// (decisions.md) and reads through the viewer's scope like every list.
import type { ReportStudent, StatusCounts } from "../../reports/common.ts";
import { type CourseReport, type CourseSession, courseReport } from "../../reports/course.ts";
import { type EventReportRow, eventReport } from "../../reports/event.ts";
import { type LastAttendanceRow, lastAttendanceReport } from "../../reports/last-attendance.ts";
import { type StudentReport, studentReport } from "../../reports/student.ts";
import { type TeamReport, type TeamReportRow, teamReport } from "../../reports/team.ts";
import { builder } from "../builder.ts";
import { listArgs, pageOf } from "../paging.ts";
import { AttendanceRef } from "./attendance.ts";
import { CourseRef } from "./course.ts";
import { TeamRef } from "./team.ts";

const ReportStudentRef = builder.objectRef<ReportStudent>("ReportStudent").implement({
  description: "A student as a report row names them.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name"),
    preferred_name: t.exposeString("preferred_name", { nullable: true }),
    school_identifier: t.exposeString("school_identifier", { nullable: true }),
  }),
});

export const ReportStatusCountRef = builder
  .objectRef<{ status: number; count: number }>("ReportStatusCount")
  .implement({ fields: (t) => ({ status: t.exposeInt("status"), count: t.exposeInt("count") }) });

/** Each status's count of a report row, with APA's attended and missed (finished sessions only). */
export const StatusCountsRef = builder.objectRef<StatusCounts>("ReportStatusCounts").implement({
  fields: (t) => ({
    pending: t.exposeInt("pending"),
    present: t.exposeInt("present"),
    late: t.exposeInt("late"),
    absent: t.exposeInt("absent"),
    excused: t.exposeInt("excused"),
    left_early: t.exposeInt("left_early"),
    cancelled: t.exposeInt("cancelled"),
    travel: t.exposeInt("travel"),
    attended: t.exposeInt("attended"),
    missed: t.exposeInt("missed"),
  }),
});

const APA = "attended / (attended + missed) in percent, one decimal, finished sessions only; null when none counts";

const CourseSessionRef = builder.objectRef<CourseSession>("CourseReportSession").implement({
  fields: (t) => ({
    date: t.exposeString("date"),
    cancelled: t.exposeString("cancelled", { nullable: true, description: "cancelled, closure, or null" }),
  }),
});

type CourseRow = CourseReport["data"][number];
const CourseReportRowRef = builder.objectRef<CourseRow>("CourseReportRow").implement({
  fields: (t) => ({
    student: t.field({ type: ReportStudentRef, resolve: (r) => r.student }),
    statuses: t.field({
      type: ["Int"],
      nullable: { list: false, items: true },
      description: "the status at each of the report's sessions, in order; null: no attendance",
      resolve: (r) => r.statuses,
    }),
    counts: t.field({ type: StatusCountsRef, resolve: (r) => r }),
    apa: t.exposeFloat("apa", { nullable: true, description: APA }),
  }),
});

const CourseReportRef = builder.objectRef<CourseReport>("CourseReport").implement({
  description: "A course's sessions × students grid: a page of students, the total, the whole filter's status counts.",
  fields: (t) => ({
    course: t.field({ type: CourseRef, resolve: (r) => r.course }),
    start_date: t.exposeString("start_date"),
    end_date: t.exposeString("end_date"),
    sessions: t.field({ type: [CourseSessionRef], resolve: (r) => r.sessions }),
    data: t.field({ type: [CourseReportRowRef], resolve: (r) => r.data }),
    total: t.exposeInt("total"),
    by_status: t.field({ type: [ReportStatusCountRef], resolve: (r) => r.by_status }),
  }),
});

const dates = (t: PothosSchemaTypes.QueryFieldBuilder<any, any>) => ({
  start_date: t.arg.string({ required: false, description: "YYYY-MM-DD" }),
  end_date: t.arg.string({ required: false, description: "YYYY-MM-DD" }),
});

builder.queryField("courseReport", (t) =>
  t.field({
    type: CourseReportRef,
    authScopes: { perm: "access_reports" },
    description:
      "The Class report: a course's sessions × students with statuses. Range default: the course's semester up to today (at most two years). sort_by: name (default), apa, absences.",
    args: { ...listArgs(t.arg), uuid: t.arg.string({ required: true }), ...dates(t) },
    resolve: (_r, args, ctx) => courseReport(ctx.data, args),
  }),
);

const StudentReportRef = builder.objectRef<StudentReport>("StudentReport").implement({
  description:
    "A page of one student's attendance (status, enter, exit, attendable_title), the total, each status's count.",
  fields: (t) => ({
    data: t.field({ type: [AttendanceRef], resolve: (r) => r.data }),
    total: t.exposeInt("total"),
    by_status: t.field({ type: [ReportStatusCountRef], resolve: (r) => r.by_status }),
  }),
});

builder.queryField("studentReport", (t) =>
  t.field({
    type: StudentReportRef,
    authScopes: { perm: "access_reports" },
    description:
      "The Student report: a student's sessions of courses or of events (or of one), newest first. sort_by: date (default), status, enter, exit, title.",
    args: {
      ...listArgs(t.arg),
      uuid: t.arg.string({ required: true, description: "the student" }),
      attendable_type: t.arg.string({ required: true, description: "course or event" }),
      attendable_uuid: t.arg.string({ required: false, description: "only this course or event" }),
      ...dates(t),
    },
    resolve: (_r, args, ctx) => studentReport(ctx.data, args),
  }),
);

const TeamReportRowRef = builder.objectRef<TeamReportRow>("TeamReportRow").implement({
  fields: (t) => ({
    student: t.field({ type: ReportStudentRef, resolve: (r) => r.student }),
    apa: t.exposeFloat("apa", { nullable: true, description: APA }),
    travel: t.exposeInt("travel", { description: "sessions with status travel" }),
    missed: t.exposeInt("missed", { description: "sessions missed (absent, finished)" }),
    counts: t.field({ type: StatusCountsRef, resolve: (r) => r }),
  }),
});

const TeamReportRef = builder.objectRef<TeamReport>("TeamReport").implement({
  fields: (t) => ({
    team: t.field({ type: TeamRef, resolve: (r) => r.team }),
    start_date: t.exposeString("start_date"),
    end_date: t.exposeString("end_date"),
    data: t.field({ type: [TeamReportRowRef], resolve: (r) => r.data }),
    total: t.exposeInt("total"),
    apa: t.exposeFloat("apa", { nullable: true, description: "the mean of the students' APA, one decimal" }),
    travel: t.exposeInt("travel", { description: "travel sessions of all the team's students" }),
    missed: t.exposeInt("missed", { description: "missed sessions of all the team's students" }),
  }),
});

builder.queryField("teamReport", (t) =>
  t.field({
    type: TeamReportRef,
    authScopes: { perm: "access_reports" },
    description:
      "The Team report: a team's students with APA, travel and missed sessions. Range default: this semester up to today (as semester_apa). sort_by: name (default), apa, travel, missed.",
    args: { ...listArgs(t.arg), uuid: t.arg.string({ required: true }), ...dates(t) },
    resolve: (_r, args, ctx) => teamReport(ctx.data, args),
  }),
);

const EventReportRowRef = builder.objectRef<EventReportRow>("EventReportRow").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    title: t.exposeString("title"),
    date: t.exposeString("date"),
    attending: t.exposeInt("attending"),
    waitlisted: t.exposeInt("waitlisted"),
    attended: t.exposeInt("attended", { description: "present, late or left early" }),
    missed: t.exposeInt("missed", { description: "absent" }),
  }),
});

builder.queryField("eventReport", (t) =>
  t.field({
    type: pageOf("EventReport", EventReportRowRef),
    authScopes: { perm: "access_reports" },
    description:
      "The Event report: events the viewer sees with attending, waitlisted, attended and missed. sort_by: date (default), title, attending, waitlisted, attended, missed.",
    args: { ...listArgs(t.arg), ...dates(t) },
    resolve: (_r, args, ctx) => eventReport(ctx.data, args),
  }),
);

const LastAttendanceCourseRef = builder.objectRef<LastAttendanceRow["course"]>("LastAttendanceCourse").implement({
  fields: (t) => ({ id: t.exposeInt("id"), uuid: t.exposeString("uuid"), title: t.exposeString("title") }),
});

const LastAttendanceRowRef = builder.objectRef<LastAttendanceRow>("LastAttendanceRow").implement({
  fields: (t) => ({
    student: t.field({ type: ReportStudentRef, resolve: (r) => r.student }),
    course: t.field({ type: LastAttendanceCourseRef, resolve: (r) => r.course }),
    last_attended: t.exposeString("last_attended", { nullable: true, description: "YYYY-MM-DD; null: never" }),
    days_since: t.exposeInt("days_since", { nullable: true, description: "days to the school's today" }),
  }),
});

builder.queryField("lastAttendanceReport", (t) =>
  t.field({
    type: pageOf("LastAttendanceReport", LastAttendanceRowRef),
    authScopes: { perm: "access_reports" },
    description:
      "The LastAttendance report: each student's last attended date (present, late, left early) per course, and the days since. sort_by: name (default), course, last_attended, days_since.",
    args: {
      ...listArgs(t.arg),
      classes: t.arg.intList({ required: false, description: "course ids; only these classes" }),
    },
    resolve: (_r, args, ctx) => lastAttendanceReport(ctx.data, args),
  }),
);
