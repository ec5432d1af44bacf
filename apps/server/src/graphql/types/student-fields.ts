import { offlineCodeUri } from "@rollbook/domain";
import {
  type CourseStats,
  findStudentByUuid,
  type StudentNowView,
  studentCourseStats,
  studentDevice,
  studentEvents,
  studentExcuses,
  studentNow,
  studentSignedOutDevice,
  studentTeams,
} from "../../students/reads.ts";
import { builder } from "../builder.ts";
import { CLOCK_DESCRIPTION, clock } from "../clock.ts";
import { CourseRef } from "./course.ts";
import { StudentEventRef } from "./event.ts";
import { ExcuseRef } from "./excuse.ts";
import { StudentRef } from "./student.ts";
import { DeviceRef } from "./student-device.ts";
import { TeamRef } from "./team.ts";

/** Only staff who may reset tokens see the offline-code secret (it is as good as the phone). */
const resetTokenOnly = { authScopes: { perm: "reset_token" as const }, unauthorizedResolver: () => null };

const StudentCourseStatsRef = builder.objectRef<CourseStats>("StudentCourseStats").implement({
  description: "A student's figures in one course: APA (decisions.md) over the semester and this week.",
  fields: (t) => ({
    course: t.field({ type: CourseRef, resolve: (r) => r.course }),
    apa: t.exposeFloat("apa", { nullable: true }),
    week_apa: t.exposeFloat("week_apa", { nullable: true }),
    attended: t.exposeInt("attended"),
    missed: t.exposeInt("missed"),
    last_attended: t.exposeString("last_attended", { nullable: true, description: "YYYY-MM-DD" }),
    missed_streak: t.exposeInt("missed_streak", {
      description: "Finished sessions missed in a row, up to now.",
    }),
  }),
});

const StudentNowRef = builder.objectRef<StudentNowView>("StudentNow").implement({
  description: "The session the student is in now, with their attendance and last ping.",
  fields: (t) => ({
    attendable_type: t.exposeString("attendable_type"),
    attendable_id: t.exposeInt("attendable_id"),
    attendable_uuid: t.exposeString("attendable_uuid"),
    title: t.exposeString("title"),
    meets: t.exposeString("meets"),
    start_time: t.string({ description: CLOCK_DESCRIPTION, resolve: (n) => clock(n.start_time) }),
    end_time: t.string({ description: CLOCK_DESCRIPTION, resolve: (n) => clock(n.end_time) }),
    status: t.exposeInt("status"),
    attendance_id: t.exposeInt("attendance_id", { nullable: true }),
    enter: t.expose("enter", { type: "DateTime", nullable: true }),
    last_ping_at: t.expose("last_ping_at", { type: "DateTime", nullable: true }),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
    location_name: t.exposeString("location_name", { nullable: true }),
    inside: t.exposeBoolean("inside", { nullable: true, description: "Whether the last ping was inside the fence." }),
  }),
});

builder.objectFields(StudentRef, (t) => ({
  offline_code: t.string({
    nullable: true,
    description: "The base32 secret of the student's offline codes (reset_token only).",
    ...resetTokenOnly,
    resolve: (st) => st.offline_code,
  }),
  offline_code_uri: t.string({
    nullable: true,
    description: "otpauth:// URI of the offline-code secret, for an authenticator app (reset_token only).",
    ...resetTokenOnly,
    resolve: (st) => offlineCodeUri(`${st.first_name} ${st.last_name}`, st.offline_code),
  }),
  device: t.field({
    type: DeviceRef,
    nullable: true,
    description: "The active phone, null if none.",
    resolve: (st, _a, { data }) => studentDevice(data, st),
  }),
  signed_out_device: t.field({
    type: DeviceRef,
    nullable: true,
    description:
      "A phone the student signed out of less than 10 hours ago: it signs in no other student until then, unless staff release it (releaseDevice). Null if none.",
    resolve: (st, _a, { data }) => studentSignedOutDevice(data, st),
  }),
  teams: t.field({
    type: [TeamRef],
    description: "The teams the student is on that the viewer may see.",
    resolve: (st, _a, { data }) => studentTeams(data, st.id),
  }),
  events: t.field({
    type: [StudentEventRef],
    description: "The events the student is on that the viewer may see, newest first.",
    resolve: (st, _a, { data }) => studentEvents(data, st.id),
  }),
  excuses: t.field({
    type: [ExcuseRef],
    description: "The student's excuses, newest date first.",
    resolve: (st, _a, { data }) => studentExcuses(data, st.id),
  }),
  course_stats: t.field({
    type: [StudentCourseStatsRef],
    description: "One per visible course the student is enrolled in.",
    resolve: (st, _a, { data }) => studentCourseStats(data, st),
  }),
  now: t.field({
    type: StudentNowRef,
    nullable: true,
    description: "The session in progress, null if none.",
    resolve: (st, _a, { data }) => studentNow(data, st),
  }),
}));

builder.queryField("student", (t) =>
  t.field({
    type: StudentRef,
    authScopes: { signedIn: true },
    description: "One student the viewer may see, removed ones included.",
    args: { uuid: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => findStudentByUuid(ctx.data, args.uuid),
  }),
);
