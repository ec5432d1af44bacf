import { eventAttendanceGraph, missedEvent, studentsByIds } from "../../courses/figures.ts";
import { rosterOf } from "../../roster/roster.ts";
import { builder } from "../builder.ts";
import { EventRef } from "./event.ts";
import { GraphRef, RosterRef } from "./graph.ts";
import { StudentRef } from "./student.ts";

/** An event's figures and live roster (decision 0700); each batched over a response's events. */
builder.objectFields(EventRef, (t) => ({
  attendance_graph: t.field({
    type: GraphRef,
    description: "The event's attendance counted by status (labels: status names).",
    resolve: (e, _a, { data }) => eventAttendanceGraph(data, e.id),
  }),
  missed_event: t.field({
    type: [StudentRef],
    description: "Students marked absent once the event finished.",
    resolve: async (e, _a, { data }) => studentsByIds(data, await missedEvent(data, e.id)),
  }),
  roster: t.field({
    type: RosterRef,
    nullable: true,
    description: "While the event is in progress: every student on it (not waitlisted) with their attendance.",
    resolve: (e, _a, { data }) => rosterOf(data, { type: "event", row: e }),
  }),
}));
