import { userEvent } from "../../db/schema/index.ts";
import { eventCounts, eventStudents, eventWaitlist, type WaitlistEntry } from "../../events/relations.ts";
import { USERS_BY_NAME } from "../../users/list.ts";
import { builder } from "../builder.ts";
import { EventRef } from "./event.ts";
import { StudentRef } from "./student.ts";
import { TeamRef } from "./team.ts";
import { UserRef } from "./user.ts";

const EventLocationRef = builder.objectRef<{ id: number; name: string }>("EventLocation").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

const WaitlistEntryRef = builder.objectRef<WaitlistEntry>("WaitlistEntry").implement({
  description: "A student waiting for a seat: their place (1-based) in the order they joined.",
  fields: (t) => ({
    student: t.field({ type: StudentRef, resolve: (w) => w.student }),
    position: t.exposeInt("position"),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

/** An event's relations and counts (decision 0700): each one statement for a whole response. */
builder.objectFields(EventRef, (t) => ({
  attending_count: t.int({
    description: "Seats taken: students on the event who are not waitlisted.",
    resolve: async (e, _a, { data }) => (await eventCounts(data, e.id)).attending,
  }),
  waitlist_count: t.int({
    description: "Live students waiting for a seat.",
    resolve: async (e, _a, { data }) => (await eventCounts(data, e.id)).waiting,
  }),
  public_url: t.string({
    nullable: true,
    description: "The guest signup page of a public event (null when private).",
    resolve: (e, _a, { s }) =>
      e.visibility === "public" ? `${s.publicUrl.replace(/\/+$/, "")}/EventSignup/${e.uuid}` : null,
  }),
  location: t.field({
    type: EventLocationRef,
    nullable: true,
    resolve: (e, _a, { data }) => (e.location_id ? data.byId("locations", e.location_id) : null),
  }),
  restriction: t.field({
    type: TeamRef,
    nullable: true,
    description: "The team the event is restricted to (restricted_by), when the viewer sees it.",
    resolve: (e, _a, { data }) => (e.restricted_by ? data.byId("teamsAnyState", e.restricted_by) : null),
  }),
  students: t.field({
    type: [StudentRef],
    description: "Live students with a seat (not waitlisted) that the viewer sees, by name.",
    resolve: (e, _a, { data }) => eventStudents(data, e.id),
  }),
  waitlist: t.field({
    type: [WaitlistEntryRef],
    description: "Live students waiting, in the order they joined (the order seats are given in).",
    resolve: (e, _a, { data }) => eventWaitlist(data, e.id),
  }),
  users: t.field({
    type: [UserRef],
    description: "Staff assigned to the event (user_event) that the viewer sees, by last and first name.",
    resolve: (e, _a, { data }) =>
      data.through("users", { owner: userEvent.event_id, target: userEvent.user_id }, e.id, USERS_BY_NAME),
  }),
}));
