import { asc } from "drizzle-orm";
import { calendarUrl } from "../../calendar-feed/token.ts";
import {
  absentStreaks,
  attendableApa,
  dailyAttendanceGraph,
  lastClass,
  studentsByIds,
  studentsCount,
} from "../../courses/figures.ts";
import { cancellations, userCourse } from "../../db/schema/index.ts";
import { rosterOf } from "../../roster/roster.ts";
import { USERS_BY_NAME } from "../../users/list.ts";
import { builder } from "../builder.ts";
import { CancellationRef } from "./cancellation.ts";
import { CourseRef } from "./course.ts";
import { AbsentStreakRef, FigureRef, GraphRef, RosterRef } from "./graph.ts";
import { StudentRef } from "./student.ts";
import { UserRef } from "./user.ts";

/** A course's figures and relations (decision 0700): each one statement for a whole response. */
builder.objectFields(CourseRef, (t) => ({
  students_count: t.int({
    description: "Live students enrolled.",
    resolve: (c, _a, { data }) => studentsCount(data, c.id),
  }),
  apa: t.float({
    nullable: true,
    description: "Share of finished sessions attended (present, late, left early) among attended and absent.",
    resolve: (c, _a, { data }) => attendableApa(data, "course", c.id),
  }),
  cancellations: t.field({
    type: [CancellationRef],
    resolve: (c, _a, { data }) =>
      data.manyBy("cancellations", cancellations.course_id, c.id, [asc(cancellations.date)]),
  }),
  users: t.field({
    type: [UserRef],
    description: "Staff assigned to the course (user_course) that the viewer sees, by last and first name.",
    resolve: (c, _a, { data }) =>
      data.through("users", { owner: userCourse.course_id, target: userCourse.user_id }, c.id, USERS_BY_NAME),
  }),
  calendar_url: t.string({
    description: "The viewer's secret iCal URL of this course's sessions (keep it private).",
    resolve: (c, _a, { data }) => calendarUrl(data, c.uuid),
  }),
  daily_attendance_graph: t.field({
    type: GraphRef,
    description: "Attendance by session day and status; default the last 14 session days.",
    args: {
      start_date: t.arg.string({ required: false, description: "YYYY-MM-DD" }),
      end_date: t.arg.string({ required: false, description: "YYYY-MM-DD" }),
    },
    resolve: (c, args, { data }) => dailyAttendanceGraph(data, c, args.start_date, args.end_date),
  }),
  attendance_last_class: t.field({
    type: FigureRef,
    description: "The last finished session: label its date, value its APA.",
    resolve: async (c, _a, { data }) => {
      const { label, value } = await lastClass(data, "course", c.id);
      return { label, value };
    },
  }),
  missed_last_class: t.field({
    type: [StudentRef],
    description: "Students absent at the last finished session.",
    resolve: async (c, _a, { data }) => studentsByIds(data, (await lastClass(data, "course", c.id)).missed),
  }),
  student_absent_streak: t.field({
    type: [AbsentStreakRef],
    description: "Enrolled students absent 2 or more sessions in a row since they last attended, longest first.",
    resolve: async (c, _a, { data }) => {
      const streaks = await absentStreaks(data, c.id);
      const rows = await Promise.all(streaks.map((s) => data.byId("students", s.student_id)));
      return streaks.flatMap((s, i) => {
        const student = rows[i];
        return student ? [{ student, streak: s.streak }] : [];
      });
    },
  }),
  roster: t.field({
    type: RosterRef,
    nullable: true,
    description: "While a session is in progress: every enrolled student with their attendance of it.",
    resolve: (c, _a, { data }) => rosterOf(data, { type: "course", row: c }),
  }),
}));
