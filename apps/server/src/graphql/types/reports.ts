import { type CancellationReportRow, cancellationReport } from "../../reports/cancellation.ts";
import { type StatusReport, statusReport } from "../../reports/status.ts";
import { builder } from "../builder.ts";
import { listArgs, pageOf } from "../paging.ts";
import { AttendanceRef } from "./attendance.ts";

const StatusCountRef = builder.objectRef<{ status: number; count: number }>("StatusCount").implement({
  fields: (t) => ({ status: t.exposeInt("status"), count: t.exposeInt("count") }),
});

const StatusReportRef = builder.objectRef<StatusReport>("StatusReport").implement({
  description: "A page of attendance with the total, and each status's count over the whole filter (the chart).",
  fields: (t) => ({
    data: t.field({ type: [AttendanceRef], resolve: (r) => r.data }),
    total: t.exposeInt("total"),
    by_status: t.field({ type: [StatusCountRef], resolve: (r) => r.by_status }),
  }),
});

// Reports need access_reports (decisions.md); rows come through the viewer's scope like every list.
builder.queryField("statusReport", (t) =>
  t.field({
    type: StatusReportRef,
    authScopes: { perm: "access_reports" },
    description:
      "Attendance by status per session and student between two dates (inclusive, at most two years). sort_by: date (default), status, enter, exit, student.",
    args: {
      ...listArgs(t.arg),
      start_date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
      end_date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
      classes: t.arg.intList({ required: false, description: "course ids; only these classes" }),
      location_id: t.arg.int({ required: false }),
    },
    resolve: (_r, args, ctx) => statusReport(ctx.data, args),
  }),
);

const CancellationReportRowRef = builder.objectRef<CancellationReportRow>("CancellationReportRow").implement({
  description: "A course's cancelled date (kind cancellation) or a school closure (kind closure, every class).",
  fields: (t) => ({
    kind: t.exposeString("kind"),
    id: t.exposeInt("id"),
    start_date: t.exposeString("start_date"),
    end_date: t.exposeString("end_date"),
    course_id: t.exposeInt("course_id", { nullable: true }),
    title: t.exposeString("title", { description: "the course's title, or the closure's" }),
    notes: t.exposeString("notes", { nullable: true }),
  }),
});

builder.queryField("cancellationReport", (t) =>
  t.field({
    type: pageOf("CancellationReport", CancellationReportRowRef),
    authScopes: { perm: "access_reports" },
    description:
      "Cancelled class dates and school closures between two dates (inclusive, at most two years). sort_by: date (default), title, kind.",
    args: {
      ...listArgs(t.arg),
      start_date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
      end_date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
      classes: t.arg.intList({ required: false, description: "course ids; only these classes' cancellations" }),
    },
    resolve: (_r, args, ctx) => cancellationReport(ctx.data, args),
  }),
);
