import { type BeaconRow, beaconReport } from "../../reports/beacon.ts";
import { type CanvasRow, canvasReport } from "../../reports/canvas.ts";
import { type FacilityReport, facilityReport } from "../../reports/facility.ts";
import { PRESENCE_NOW_MINUTES, type PresenceRow, presenceReport } from "../../reports/presence.ts";
import { SETUP_MODES, type SetupRow, setupReport } from "../../reports/setup.ts";
import { type TokenRow, tokenReport } from "../../reports/token.ts";
import { builder } from "../builder.ts";
import { listArgs, pageOf } from "../paging.ts";

// Reports of the school (issue 12). All need access_reports; Beacon, Presence and Facility also
// an admin role; Token also reset_token (the token signs a phone in, as Student.token needs it).
const REPORTS = { perm: "access_reports" } as const;
const ADMIN_REPORTS = { $all: { perm: "access_reports", admin: true } } as const;

const SetupRowRef = builder.objectRef<SetupRow>("SetupReportRow").implement({
  description: "A student (kind student) or course (kind course) the Setup report's mode finds.",
  fields: (t) => ({
    kind: t.exposeString("kind"),
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    name: t.exposeString("name", { description: "student: last name, first name; course: title" }),
    detail: t.exposeString("detail", {
      nullable: true,
      description: "the phone, days since last seen or never seen, the course's crn or its location",
    }),
    last_seen: t.expose("last_seen", { type: "DateTime", nullable: true }),
  }),
});

builder.queryField("setupReport", (t) =>
  t.field({
    type: pageOf("SetupReport", SetupRowRef),
    authScopes: REPORTS,
    description: `What keeps attendance from being taken. mode: ${Object.entries(SETUP_MODES)
      .map(([k, v]) => `${k} (${v})`)
      .join("; ")}. sort_by: name (default), last_seen, school_identifier (students) or name, crn (courses).`,
    args: {
      ...listArgs(t.arg),
      mode: t.arg.string({ required: true }),
      days: t.arg.int({ required: false, description: "not_seen: days without a ping (1-365, default 7)" }),
      classes: t.arg.intList({ required: false, description: "course ids: these courses, or their students" }),
    },
    resolve: (_r, args, ctx) => setupReport(ctx.data, args),
  }),
);

const TokenRowRef = builder.objectRef<TokenRow>("TokenReportRow").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name"),
    preferred_name: t.exposeString("preferred_name", { nullable: true }),
    school_identifier: t.exposeString("school_identifier", { nullable: true }),
    token: t.exposeString("token", { description: "the personal token the phone signs in with" }),
  }),
});

builder.queryField("tokenReport", (t) =>
  t.field({
    type: pageOf("TokenReport", TokenRowRef),
    authScopes: { $all: { perm: "access_reports", $all: { perm: "reset_token" } } },
    description:
      "The students of the teams and courses (at least one id) the viewer sees, with their personal tokens, for printing. Needs reset_token. sort_by: name (default), school_identifier.",
    args: {
      ...listArgs(t.arg),
      teams: t.arg.intList({ required: true }),
      courses: t.arg.intList({ required: true }),
    },
    resolve: (_r, args, ctx) => tokenReport(ctx.data, args),
  }),
);

const BeaconRowRef = builder.objectRef<BeaconRow>("BeaconReportRow").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    factory_id: t.exposeString("factory_id"),
    active: t.exposeBoolean("active"),
    location_id: t.exposeInt("location_id", { nullable: true }),
    location_name: t.exposeString("location_name", { nullable: true }),
    battery: t.exposeInt("battery", { nullable: true }),
    last_seen: t.expose("last_seen", {
      type: "DateTime",
      nullable: true,
      description: "the latest ping of the last 90 days that reported this beacon; null: none",
    }),
  }),
});

builder.queryField("beaconReport", (t) =>
  t.field({
    type: pageOf("BeaconReport", BeaconRowRef),
    authScopes: ADMIN_REPORTS,
    description:
      "The school's beacons with location, battery and last seen. sort_by: name (default), location, battery, last_seen.",
    args: { ...listArgs(t.arg), location_id: t.arg.int({ required: false }) },
    resolve: (_r, args, ctx) => beaconReport(ctx.data, args),
  }),
);

const PresenceRowRef = builder.objectRef<PresenceRow>("PresenceReportRow").implement({
  fields: (t) => ({
    student_id: t.exposeInt("student_id"),
    student_uuid: t.exposeString("student_uuid"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name"),
    location_id: t.exposeInt("location_id"),
    location_name: t.exposeString("location_name"),
    first_seen: t.expose("first_seen", { type: "DateTime" }),
    last_seen: t.expose("last_seen", { type: "DateTime" }),
    pings: t.exposeInt("pings"),
  }),
});

const PresenceReportRef = builder
  .objectRef<{ data: PresenceRow[]; total: number; from: Date; to: Date }>("PresenceReport")
  .implement({
    fields: (t) => ({
      data: t.field({ type: [PresenceRowRef], resolve: (r) => r.data }),
      total: t.exposeInt("total"),
      from: t.expose("from", { type: "DateTime", description: "start of the window read (inclusive)" }),
      to: t.expose("to", { type: "DateTime", description: "end of the window read (exclusive)" }),
    }),
  });

builder.queryField("presenceReport", (t) =>
  t.field({
    type: PresenceReportRef,
    authScopes: ADMIN_REPORTS,
    description: `Who is at which location, per student and location (first and last ping, pings). Without dates: the last ${PRESENCE_NOW_MINUTES} minutes; with both dates: those days of the school's calendar. sort_by: student (default), location, first_seen, last_seen, pings.`,
    args: {
      ...listArgs(t.arg),
      location_id: t.arg.int({ required: false }),
      start_date: t.arg.string({ required: false, description: "YYYY-MM-DD" }),
      end_date: t.arg.string({ required: false, description: "YYYY-MM-DD" }),
    },
    resolve: (_r, args, ctx) => presenceReport(ctx.data, args),
  }),
);

const HourRef = builder.objectRef<FacilityReport["hours"][number]>("FacilityHour").implement({
  fields: (t) => ({
    hour: t.exposeInt("hour", { description: "0-23, the school's zone" }),
    students: t.exposeInt("students", { description: "distinct students with a ping in the hour" }),
    pings: t.exposeInt("pings"),
  }),
});

const FacilityReportRef = builder.objectRef<FacilityReport>("FacilityReport").implement({
  fields: (t) => ({
    location_id: t.exposeInt("location_id"),
    location_name: t.exposeString("location_name"),
    date: t.exposeString("date"),
    timezone: t.exposeString("timezone"),
    hours: t.field({ type: [HourRef], resolve: (r) => r.hours }),
    students: t.exposeInt("students", { description: "distinct students over the day" }),
    pings: t.exposeInt("pings"),
  }),
});

builder.queryField("facilityReport", (t) =>
  t.field({
    type: FacilityReportRef,
    authScopes: ADMIN_REPORTS,
    description: "A location's activity by hour (24 buckets in the school's zone) of one day, with the day's totals.",
    args: {
      location_id: t.arg.int({ required: true }),
      date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
    },
    resolve: (_r, args, ctx) => facilityReport(ctx.data, args),
  }),
);

const CanvasRowRef = builder.objectRef<CanvasRow>("CanvasReportRow").implement({
  fields: (t) => ({
    student_id: t.exposeInt("student_id"),
    student_uuid: t.exposeString("student_uuid"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name"),
    school_identifier: t.exposeString("school_identifier", { nullable: true, description: "the SIS user id" }),
    course_id: t.exposeInt("course_id"),
    course_title: t.exposeString("course_title"),
    crn: t.exposeString("crn", { nullable: true }),
    attended: t.exposeInt("attended"),
    missed: t.exposeInt("missed"),
    percentage: t.exposeFloat("percentage", { nullable: true, description: "attended / (attended + missed), %" }),
  }),
});

builder.queryField("canvasReport", (t) =>
  t.field({
    type: pageOf("CanvasReport", CanvasRowRef),
    authScopes: REPORTS,
    description:
      "Attendance as a percentage per student and course between two dates (finished sessions; APA's rule), with SIS ids. sort_by: student (default), course, percentage.",
    args: {
      ...listArgs(t.arg),
      classes: t.arg.intList({ required: false, description: "course ids; only these classes" }),
      start_date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
      end_date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
    },
    resolve: (_r, args, ctx) => canvasReport(ctx.data, args),
  }),
);
