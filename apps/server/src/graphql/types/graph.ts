import type { ChartData } from "@rollbook/domain";
import type { Roster, RosterRow } from "../../roster/roster.ts";
import { builder } from "../builder.ts";
import { StudentRef, type StudentRow } from "./student.ts";

/** Chart data (decision 0700): labels on the x axis, one dataset per status. */
const GraphDataset = builder.objectRef<ChartData["datasets"][number]>("GraphDataset").implement({
  fields: (t) => ({
    label: t.exposeString("label"),
    data: t.exposeFloatList("data"),
  }),
});

export const GraphRef = builder.objectRef<ChartData>("Graph").implement({
  fields: (t) => ({
    labels: t.exposeStringList("labels"),
    datasets: t.field({ type: [GraphDataset], resolve: (g) => g.datasets }),
  }),
});

/** A figure like the dashboard tiles': the last finished session's date and its APA. */
export const FigureRef = builder.objectRef<{ label: string; value: number | null }>("Figure").implement({
  fields: (t) => ({
    label: t.exposeString("label"),
    value: t.exposeFloat("value", { nullable: true }),
  }),
});

export const AbsentStreakRef = builder.objectRef<{ student: StudentRow; streak: number }>("AbsentStreak").implement({
  description: "A student's absences in a row since they last attended (2 or more).",
  fields: (t) => ({
    student: t.field({ type: StudentRef, resolve: (r) => r.student }),
    streak: t.exposeInt("streak"),
  }),
});

const RosterRowRef = builder.objectRef<RosterRow>("RosterRow").implement({
  description: "An enrolled student and their attendance of the session in progress (null status: none yet).",
  fields: (t) => ({
    student: t.field({ type: StudentRef, resolve: (r) => r.student }),
    attendance_id: t.exposeInt("attendance_id", { nullable: true }),
    status: t.exposeInt("status", { nullable: true }),
    enter: t.expose("enter", { type: "DateTime", nullable: true }),
    exit: t.expose("exit", { type: "DateTime", nullable: true }),
    confidence: t.exposeFloat("confidence", { nullable: true }),
    updated_at: t.expose("updated_at", { type: "DateTime", nullable: true }),
  }),
});

export const RosterRef = builder.objectRef<Roster>("Roster").implement({
  description: "The session in progress and every enrolled (not waitlisted) student, by last name.",
  fields: (t) => ({
    meets: t.exposeString("meets"),
    start: t.expose("start", { type: "DateTime" }),
    end: t.expose("end", { type: "DateTime" }),
    rows: t.field({ type: [RosterRowRef], resolve: (r) => r.rows }),
  }),
});
