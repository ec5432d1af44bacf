import { type Reason, reasonText } from "@rollbook/domain";
import type { attendance, attendanceActivity, attendanceOverrides, coordinates } from "../../db/schema/index.ts";
import { attendableOf } from "../../students/reads.ts";
import { builder } from "../builder.ts";
import { StudentRef } from "./student.ts";

// the engine's rows leave out session_start (the reports' sort key), which GraphQL does not answer
type AttendanceRow = Omit<typeof attendance.$inferSelect, "session_start">;
type ActivityRow = typeof attendanceActivity.$inferSelect;
type CoordinatesRow = typeof coordinates.$inferSelect;
type OverrideRow = typeof attendanceOverrides.$inferSelect;

const ActivityRef = builder.objectRef<ActivityRow>("Activity").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    event: t.exposeString("event"),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const CoordinatesRef = builder.objectRef<CoordinatesRow>("Coordinates").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    attendance_id: t.exposeInt("attendance_id"),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
    low_power: t.exposeBoolean("low_power"),
    bluetooth: t.exposeBoolean("bluetooth"),
    extra: t.expose("extra", { type: "JSON", nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const OverrideUserRef = builder
  .objectRef<{ id: number; first_name: string; last_name: string }>("OverrideUser")
  .implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      first_name: t.exposeString("first_name"),
      last_name: t.exposeString("last_name"),
    }),
  });

const OverrideRef = builder.objectRef<OverrideRow>("Override").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    old_status: t.exposeInt("old_status"),
    new_status: t.exposeInt("new_status"),
    created_at: t.expose("created_at", { type: "DateTime" }),
    // null once the acting user is deleted (or is not staff of the viewer's school); the override stays
    user: t.field({
      type: OverrideUserRef,
      nullable: true,
      resolve: (o, _a, { data }) => (o.user_id === null ? null : data.byId("users", o.user_id)),
    }),
  }),
});

const EvidenceRef = builder.objectRef<Reason>("Evidence").implement({
  description: "One reason behind an attendance's confidence (decision 0550); for staff, never for the phone.",
  fields: (t) => ({
    kind: t.exposeString("kind", { description: "One of the evidence kinds, e.g. inside_fence, mocked_location." }),
    effect: t.exposeFloat("effect", {
      description: "Positive: the presence it supports (0-1); negative: the share of a ping's weight a check took.",
    }),
    pings: t.exposeInt("pings", { description: "How many of the attendance's pings named it." }),
    detail: t.expose("detail", { type: "JSON", description: "The figures behind it (distance, accuracy, delay...)." }),
    summary: t.string({ description: "The reason in words.", resolve: (r) => reasonText(r) }),
  }),
});

type LocationRow = { id: number; name: string; latitude: number | null; longitude: number | null; radius: number };

const AttendanceLocationRef = builder.objectRef<LocationRow>("AttendanceLocation").implement({
  description: "Where the session takes place, with its geofence (centre, radius in metres).",
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
    radius: t.float({ nullable: true, resolve: (l) => l.radius }),
  }),
});

export const AttendanceRef = builder.objectRef<AttendanceRow>("Attendance").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    attendable_id: t.exposeInt("attendable_id"),
    attendable_type: t.exposeString("attendable_type"),
    school_id: t.exposeInt("school_id"),
    student_id: t.exposeInt("student_id"),
    location_id: t.exposeInt("location_id", { nullable: true }),
    status: t.exposeInt("status"),
    enter: t.expose("enter", { type: "DateTime", nullable: true }),
    exit: t.expose("exit", { type: "DateTime", nullable: true }),
    percentage: t.exposeFloat("percentage"),
    confidence: t.exposeFloat("confidence", {
      nullable: true,
      description: "How far the presence behind the status is believed, 0-1; null before any signal.",
    }),
    evidence: t.field({
      type: [EvidenceRef],
      description: "The reasons behind the confidence, strongest first.",
      resolve: (a) => a.evidence?.reasons ?? [],
    }),
    unconfirmed_status: t.int({
      nullable: true,
      description: "The status the phone's presence would give, not applied because it is believed too little.",
      resolve: (a) => a.evidence?.unconfirmed ?? null,
    }),
    lock: t.exposeBoolean("lock"),
    finished: t.exposeBoolean("finished"),
    meets: t.exposeString("meets"),
    created_at: t.expose("created_at", { type: "DateTime" }),
    // each batched over the whole response by the scope's loaders
    activity: t.field({ type: [ActivityRef], resolve: (a, _x, { data }) => data.children("activity", a.id) }),
    coordinates: t.field({ type: [CoordinatesRef], resolve: (a, _x, { data }) => data.children("coordinates", a.id) }),
    overrides: t.field({ type: [OverrideRef], resolve: (a, _x, { data }) => data.children("overrides", a.id) }),
    attendable_title: t.string({
      description: "The course's or event's title.",
      resolve: async (a, _x, { data }) => (await attendableOf(data, a.attendable_type, a.attendable_id))?.title ?? "-",
    }),
    attendable_uuid: t.string({
      nullable: true,
      resolve: async (a, _x, { data }) => (await attendableOf(data, a.attendable_type, a.attendable_id))?.uuid ?? null,
    }),
    location: t.field({
      type: AttendanceLocationRef,
      nullable: true,
      description: "The session's place and geofence, for the pings plot.",
      resolve: (a, _x, { data }) => (a.location_id === null ? null : data.byId("locations", a.location_id)),
    }),
    student: t.field({
      type: StudentRef,
      nullable: true,
      resolve: (a, _x, { data }) => data.byId("students", a.student_id),
    }),
  }),
});
