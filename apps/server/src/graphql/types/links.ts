import { attachStudents, detachStudents } from "../../links/students.ts";
import { attachUsers, detachUsers, type UserBulkResult } from "../../links/users.ts";
import { builder } from "../builder.ts";
import { BulkResultRef } from "./bulk.ts";

/** The generic link calls of spec section 7 (decision 0700, "Teams, travel and links"). */
export const UserBulkResultRef = builder.objectRef<UserBulkResult>("UserBulkResult").implement({
  description: "The users a bulk call changed (those already in the asked state are not counted).",
  fields: (t) => ({
    user_ids: t.exposeIntList("user_ids"),
    changed: t.int({ resolve: (r) => r.user_ids.length }),
  }),
});

type Arg = Parameters<Parameters<typeof builder.mutationField>[1]>[0]["arg"];

const studentLink = (arg: Arg) => ({
  attachable_type: arg.string({ required: true, description: "course, event, team or travel" }),
  attachable_id: arg.int({ required: true }),
  student_ids: arg.intList({ required: true, description: "at most 1000; all or nothing" }),
});

const userLink = (arg: Arg) => ({
  assignable_type: arg.string({ required: true, description: "course, event, team or student" }),
  assignable_id: arg.int({ required: true }),
  user_ids: arg.intList({ required: true, description: "at most 1000; all or nothing" }),
});

// signed in: the permission depends on attachable_type (course, team: create_participant; event:
// assign_appointment; travel: roles 1-5, 7), checked in links/ (FORBIDDEN)
builder.mutationField("attachStudents", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { signedIn: true },
    description: "Links students as the specific call of the type does (capacity, waitlist, team rules).",
    args: studentLink(t.arg),
    resolve: (_r, a, ctx) => attachStudents(ctx.data, a.attachable_type, a.attachable_id, a.student_ids),
  }),
);

builder.mutationField("detachStudents", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { signedIn: true },
    description: "Unlinks students; a seat freed on an event goes to the first of its waitlist.",
    args: studentLink(t.arg),
    resolve: (_r, a, ctx) => detachStudents(ctx.data, a.attachable_type, a.attachable_id, a.student_ids),
  }),
);

builder.mutationField("attachUsers", (t) =>
  t.field({
    type: UserBulkResultRef,
    authScopes: { manageUsers: true },
    description: "Assigns staff (roles 1-4: any user of the school; role 5: users of roles 6-9).",
    args: userLink(t.arg),
    resolve: (_r, a, ctx) => attachUsers(ctx.data, a.assignable_type, a.assignable_id, a.user_ids),
  }),
);

builder.mutationField("detachUsers", (t) =>
  t.field({
    type: UserBulkResultRef,
    authScopes: { manageUsers: true },
    description: "Unassigns staff (the same rule as attachUsers).",
    args: userLink(t.arg),
    resolve: (_r, a, ctx) => detachUsers(ctx.data, a.assignable_type, a.assignable_id, a.user_ids),
  }),
);
