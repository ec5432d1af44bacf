import {
  DATE_PROBLEM,
  isStatusId,
  isValidDate,
  STATUS,
  STATUSES,
  scanCodeAt,
  scanCodeExpiresAt,
} from "@rollbook/domain";
import { and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { attendance, courses, events } from "../../db/schema/index.ts";
import { checkInWithOfflineCode, overrideAttendance } from "../../engine/staff-actions.ts";
import { builder, notFound, userError } from "../builder.ts";
import { listArgs, pageOf, paging, sortColumn } from "../paging.ts";
import { AttendanceRef } from "./attendance.ts";

const ATTENDABLE_TYPES = ["course", "event"] as const;
type AttendableType = (typeof ATTENDABLE_TYPES)[number];
const isAttendableType = (t: string): t is AttendableType => (ATTENDABLE_TYPES as readonly string[]).includes(t);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OVERRIDE_STATUSES = STATUSES.filter((s) => s.id !== STATUS.pending);

builder.queryField("attendance", (t) =>
  t.field({
    type: pageOf("Attendance", AttendanceRef),
    authScopes: { signedIn: true },
    description: "Attendance the user may see (that of the students they may see), newest session first by default.",
    args: {
      ...listArgs(t.arg),
      student_id: t.arg.int({ required: false }),
      attendable_id: t.arg.int({ required: false }),
      attendable_uuid: t.arg.string({
        required: false,
        description: "instead of attendable_id; needs attendable_type",
      }),
      attendable_type: t.arg.string({ required: false }),
      start_date: t.arg.string({ required: false, description: "YYYY-MM-DD, inclusive" }),
      end_date: t.arg.string({ required: false, description: "YYYY-MM-DD, inclusive" }),
      status: t.arg.int({ required: false }),
    },
    resolve: async (_r, args, ctx) => {
      const p = paging({ ...args, sort_dir: args.sort_dir ?? (args.sort_by ? "asc" : "desc") });
      const col = sortColumn(
        args.sort_by,
        {
          meets: attendance.meets,
          status: attendance.status,
          enter: attendance.enter,
          exit: attendance.exit,
          percentage: attendance.percentage,
          created_at: attendance.created_at,
        },
        "meets",
      );
      const parts: (SQL | undefined)[] = [];
      if (args.student_id != null) parts.push(eq(attendance.student_id, args.student_id));
      if (args.attendable_type != null) {
        if (!isAttendableType(args.attendable_type))
          throw userError("attendable_type must be course or event", "attendable_type");
        parts.push(eq(attendance.attendable_type, args.attendable_type));
      }
      if (args.attendable_id != null) {
        if (args.attendable_type == null)
          throw userError("attendable_type is required with attendable_id", "attendable_type");
        parts.push(eq(attendance.attendable_id, args.attendable_id));
      }
      if (args.attendable_uuid != null) {
        if (args.attendable_type == null || !isAttendableType(args.attendable_type))
          throw userError("attendable_type is required with attendable_uuid", "attendable_type");
        if (!UUID.test(args.attendable_uuid)) throw userError("attendable_uuid must be a uuid", "attendable_uuid");
        const uuid = args.attendable_uuid.toLowerCase();
        // an unseen course or event matches nothing
        parts.push(
          sql`${attendance.attendable_id} in (${
            args.attendable_type === "course"
              ? ctx.data.ids("courses", eq(courses.uuid, uuid))
              : ctx.data.ids("events", eq(events.uuid, uuid))
          })`,
        );
      }
      for (const [field, value] of [
        ["start_date", args.start_date],
        ["end_date", args.end_date],
      ] as const) {
        if (value != null && !isValidDate(value)) throw userError(`${field} ${DATE_PROBLEM}`, field);
      }
      if (args.start_date && args.end_date && args.start_date > args.end_date)
        throw userError("end_date must not be before start_date", "end_date");
      if (args.start_date) parts.push(gte(attendance.meets, args.start_date));
      if (args.end_date) parts.push(lte(attendance.meets, args.end_date));
      if (args.status != null) {
        if (!isStatusId(args.status)) throw userError(statusMessage(STATUSES), "status");
        parts.push(eq(attendance.status, args.status));
      }
      const order = p.dir === "asc" ? asc(col) : desc(col);
      return ctx.data.page("attendance", {
        where: and(...parts),
        orderBy: [sql`${order} nulls last`, p.dir === "asc" ? asc(attendance.id) : desc(attendance.id)],
        limit: p.perPage,
        offset: p.offset,
      });
    },
  }),
);

const statusMessage = (list: readonly { id: number; name: string }[]) =>
  `status must be one of ${list.map((s) => `${s.id} (${s.name})`).join(", ")}`;

/**
 * A staff override: the new status stands (lock), the old one and the acting user are kept in
 * overrides, the activity says so, and every connected user who may see it is told.
 */
builder.mutationField("updateAttendance", (t) =>
  t.field({
    type: AttendanceRef,
    authScopes: { perm: "override" },
    args: { id: t.arg.int({ required: true }), status: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      if (!OVERRIDE_STATUSES.some((s) => s.id === args.status))
        throw userError(statusMessage(OVERRIDE_STATUSES), "status");
      return overrideAttendance(ctx.data, args.id, args.status);
    },
  }),
);

/**
 * Staff type in the code a student's phone shows offline: presence now, for that course or
 * event only, as if the phone had pinged from the room.
 */
builder.mutationField("submitOfflineCode", (t) =>
  t.field({
    type: AttendanceRef,
    authScopes: { signedIn: true },
    extensions: { oncePerRequest: true },
    args: {
      student_id: t.arg.int({ required: true }),
      attendable_id: t.arg.int({ required: true }),
      attendable_type: t.arg.string({ required: true }),
      code: t.arg.string({ required: true }),
    },
    resolve: async (_r, args, ctx) => {
      if (!isAttendableType(args.attendable_type))
        throw userError("attendable_type must be course or event", "attendable_type");
      const code = args.code.replace(/\s+/g, "");
      if (!/^\d{6}$/.test(code)) throw userError("code must be the 6 digits the student's phone shows", "code");
      return checkInWithOfflineCode(ctx.data, { ...args, attendable_type: args.attendable_type, code });
    },
  }),
);

const ScanCodeRef = builder.objectRef<{ code: string; expires_at: Date }>("ScanCode").implement({
  fields: (t) => ({
    code: t.exposeString("code", { description: "the text the event's QR code carries" }),
    expires_at: t.expose("expires_at", {
      type: "DateTime",
      description: "when the next code replaces it (this one is accepted 30 s longer)",
    }),
  }),
});

/** The event's current QR text; it rotates every 30 s so a photo of it goes stale. */
builder.queryField("scanCode", (t) =>
  t.field({
    type: ScanCodeRef,
    authScopes: { signedIn: true },
    args: { event_id: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const event = await ctx.data.first("events", eq(events.id, args.event_id));
      if (!event) throw notFound("Event");
      const now = new Date();
      return { code: scanCodeAt(event.uuid, event.scan_secret, now), expires_at: scanCodeExpiresAt(now) };
    },
  }),
);
