import { type PermissionFlag, ROLES } from "@rollbook/domain";
import {
  type GraphQLArgument,
  type GraphQLField,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isNonNullType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../../test/harness.ts";
import { buildSchema } from "../graphql/schema.ts";

/**
 * Who may call each GraphQL root field, written down independently of access/scopes.ts:
 * a field missing here, or here but gone from the schema, fails the test, so every new
 * call gets a deliberate entry. Role ids 1-9; "search" is the search-only token.
 */
type Actor = number | "search";
const ALL_ROLES = ROLES.map((r) => r.id as number);
const withPerm = (flag: PermissionFlag) => ROLES.filter((r) => r.permissions[flag]).map((r) => r.id as number);

const ADMIN_ROLES = [1, 2, 3, 4];
/** admin roles, academic advisor and coach: who runs teams and their travel (decision 0700) */
const TEAM_ROLES = [1, 2, 3, 4, 5, 7];

const MATRIX: Record<string, readonly Actor[]> = {
  "Query.me": ALL_ROLES,
  "Query.tasks": ALL_ROLES,
  "Query.statuses": ALL_ROLES,
  "Query.roles": ALL_ROLES,
  "Query.schools": ALL_ROLES,
  "Query.school": ALL_ROLES,
  "Query.courses": ALL_ROLES,
  "Query.students": ALL_ROLES,
  "Query.searchConfig": [...ALL_ROLES, "search"],
  "Query.search": [...ALL_ROLES, "search"],
  "Query.attendance": ALL_ROLES,
  "Query.scanCode": ALL_ROLES,
  "Mutation.closeTask": ALL_ROLES,
  "Mutation.addToDashboard": ALL_ROLES,
  "Mutation.removeFromDashboard": ALL_ROLES,
  "Mutation.updatePassword": ALL_ROLES,
  "Mutation.switchSchool": [1],
  "Mutation.switchUser": [1, 2, 3],
  "Mutation.inviteUser": [1, 2, 3, 4, 5],
  // users administration (issue 13)
  "Query.users": [1, 2, 3, 4, 5, 6, 7],
  "Query.user": [1, 2, 3, 4, 5, 6, 7],
  "Query.invitations": [1, 2, 3, 4, 5],
  "Mutation.updateUser": [1, 2, 3, 4, 5],
  "Mutation.removeUser": [1, 2, 3, 4, 5],
  "Mutation.restoreUser": [1, 2, 3, 4, 5],
  "Mutation.resendInvitation": [1, 2, 3, 4, 5],
  "Mutation.revokeInvitation": [1, 2, 3, 4, 5],
  "Mutation.sendPasswordReset": [1, 2, 3, 4, 5],
  "Mutation.signOutUser": ALL_ROLES,
  "Mutation.updateNotifications": ALL_ROLES,
  "Mutation.updateProfile": ALL_ROLES,
  "Mutation.switchBack": ALL_ROLES,
  "Mutation.updateAttendance": withPerm("override"),
  "Mutation.submitOfflineCode": ALL_ROLES,
  "Mutation.releaseDevice": withPerm("reset_token"),
  // participants (issue 10, decision 0600)
  "Query.student": ALL_ROLES,
  "Query.notes": ALL_ROLES,
  "Mutation.createStudent": withPerm("create_participant"),
  "Mutation.updateStudent": withPerm("create_participant"),
  "Mutation.removeStudent": withPerm("create_participant"),
  "Mutation.removeStudents": withPerm("create_participant"),
  "Mutation.restoreStudent": withPerm("create_participant"),
  "Mutation.restoreStudents": withPerm("create_participant"),
  "Mutation.resetStudentToken": withPerm("reset_token"),
  "Mutation.resetStudentsTokens": withPerm("reset_token"),
  "Mutation.addCourseToStudents": withPerm("create_participant"),
  "Mutation.addStudentsToTeam": withPerm("create_participant"),
  "Mutation.addStudentsToEvent": withPerm("assign_appointment"),
  "Mutation.createNote": ALL_ROLES,
  "Mutation.createExcuse": withPerm("override"),
  "Mutation.updateExcuse": withPerm("override"),
  "Mutation.removeExcuse": withPerm("override"),
  // reports (issue 12)
  "Query.statusReport": withPerm("access_reports"),
  "Query.cancellationReport": withPerm("access_reports"),
  // reports of courses, events, teams and students (issue 12)
  "Query.courseReport": withPerm("access_reports"),
  "Query.studentReport": withPerm("access_reports"),
  "Query.teamReport": withPerm("access_reports"),
  "Query.eventReport": withPerm("access_reports"),
  "Query.lastAttendanceReport": withPerm("access_reports"),
  // reports of the school: setup, token, beacon, presence, facility, canvas (issue 12)
  "Query.setupReport": withPerm("access_reports"),
  // tokens sign a phone in: reset_token as well (as Student.token)
  "Query.tokenReport": withPerm("access_reports").filter((r) => withPerm("reset_token").includes(r)),
  // the Technical tab of /Settings (issue 13): the installation's health, admin roles
  "Query.technical": ADMIN_ROLES,
  "Query.beaconReport": ADMIN_ROLES,
  "Query.presenceReport": ADMIN_ROLES,
  "Query.facilityReport": ADMIN_ROLES,
  "Query.canvasReport": withPerm("access_reports"),
  // courses, events, teams (issue 11, decision 0700)
  "Query.course": ALL_ROLES,
  "Query.events": ALL_ROLES,
  "Query.event": ALL_ROLES,
  "Query.teams": ALL_ROLES,
  "Query.team": ALL_ROLES,
  "Query.cancellations": ALL_ROLES,
  "Query.travel": TEAM_ROLES,
  "Mutation.createCourse": ADMIN_ROLES,
  "Mutation.updateCourse": ADMIN_ROLES,
  "Mutation.removeCourse": ADMIN_ROLES,
  "Mutation.restoreCourse": ADMIN_ROLES,
  "Mutation.createCancellation": withPerm("cancellations"),
  "Mutation.removeCancellation": withPerm("cancellations"),
  "Mutation.addTeamToCourse": withPerm("create_participant"),
  "Mutation.createEvent": withPerm("create_appointment"),
  "Mutation.updateEvent": withPerm("create_appointment"),
  "Mutation.removeEvent": withPerm("create_appointment"),
  "Mutation.restoreEvent": withPerm("create_appointment"),
  "Mutation.upgradeStudent": withPerm("assign_appointment"),
  "Mutation.addTeamToEvent": withPerm("assign_appointment"),
  "Mutation.createTeam": TEAM_ROLES,
  "Mutation.updateTeam": TEAM_ROLES,
  "Mutation.removeTeam": TEAM_ROLES,
  "Mutation.restoreTeam": TEAM_ROLES,
  "Mutation.createTravel": TEAM_ROLES,
  "Mutation.updateTravel": TEAM_ROLES,
  "Mutation.removeTravel": TEAM_ROLES,
  "Mutation.attachStudentsToTeam": withPerm("create_participant"),
  // the generic link calls check the permission of their attachable_type (an unknown type is
  // a BAD_USER_INPUT for everyone): their per-type rules are in links/links.test.ts
  "Mutation.attachStudents": ALL_ROLES,
  "Mutation.detachStudents": ALL_ROLES,
  "Mutation.attachUsers": [1, 2, 3, 4, 5],
  "Mutation.detachUsers": [1, 2, 3, 4, 5],
  // settings: the school, its closures, locations and beacons (issue 13, decision 0960)
  "Mutation.updateSchool": ADMIN_ROLES,
  "Mutation.createSchool": [1],
  "Mutation.createClosure": ADMIN_ROLES,
  "Mutation.removeClosure": ADMIN_ROLES,
  "Query.locations": ADMIN_ROLES,
  "Query.location": ADMIN_ROLES,
  // the course and event forms' Location list: id and name only (decision 0702)
  "Query.locationChoices": withPerm("create_appointment"),
  "Mutation.createLocation": ADMIN_ROLES,
  "Mutation.updateLocation": ADMIN_ROLES,
  "Mutation.removeLocation": ADMIN_ROLES,
  "Mutation.addBeaconsToLocation": ADMIN_ROLES,
  "Mutation.activateBeacon": ADMIN_ROLES,
  "Mutation.removeBeaconFromLocation": ADMIN_ROLES,
  // imports (issue 13, decision 0970): the upload itself is POST /api/v2/imports
  "Query.imports": ADMIN_ROLES,
  "Query.import": ADMIN_ROLES,
};

/** A value for an argument that names nothing real, so an allowed call changes nothing. */
function dummy(arg: GraphQLArgument): string {
  const type = getNamedType(arg.type);
  if (isEnumType(type)) return type.getValues()[0]?.name ?? "X";
  if (isInputObjectType(type)) return "{}";
  switch (type.name) {
    case "Int":
      return "987654";
    case "Float":
      return "1.5";
    case "Boolean":
      return "false";
    case "DateTime":
      return '"2000-01-01T00:00:00Z"';
    default:
      return '"no-such-thing"';
  }
}

function operationFor(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter((a) => isNonNullType(a.type)).map((a) => `${a.name}: ${dummy(a)}`);
  const named = getNamedType(field.type);
  const selection = isLeafType(named) ? "" : " { __typename }";
  return `${kind} { ${field.name}${args.length ? `(${args.join(", ")})` : ""}${selection} }`;
}

const schema = buildSchema();
const rootFields = [
  ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((f) => ({ kind: "query" as const, f })),
  ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((f) => ({ kind: "mutation" as const, f })),
].map(({ kind, f }) => ({ key: `${kind === "query" ? "Query" : "Mutation"}.${f.name}`, op: operationFor(kind, f) }));

describe("access matrix over every GraphQL root field", () => {
  it("lists exactly the schema's root fields", () => {
    const inSchema = rootFields.map((r) => r.key).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(inSchema);
  });

  let srv: TestServer;
  const tokens = new Map<Actor, string>();
  beforeAll(async () => {
    srv = await startServer("pglite");
    for (const role of ROLES) {
      const t = await srv.login(role.name);
      tokens.set(role.id, t.access_token);
      if (role.id === 3) tokens.set("search", t.search_token);
    }
  });
  afterAll(() => srv?.close());

  it("refuses every root field without a token with 401", async () => {
    for (const { key, op } of rootFields) {
      const res = await srv.gql(null, op);
      expect(res.status, key).toBe(401);
    }
  });

  for (const actor of [...ALL_ROLES, "search"] as Actor[]) {
    it(`${actor === "search" ? "the search token" : `role ${actor}`}: allowed where listed, FORBIDDEN elsewhere`, async () => {
      const token = tokens.get(actor) as string;
      const wrong: string[] = [];
      for (const { key, op } of rootFields) {
        const res = await srv.gql(token, op);
        expect(res.status, `${key} answered ${res.status}`).toBeLessThan(500);
        const forbidden = (res.body.errors ?? []).some((e) => e.extensions?.code === "FORBIDDEN");
        const expected = (MATRIX[key] ?? []).includes(actor);
        if (forbidden === expected) wrong.push(`${key}: ${expected ? "refused" : "allowed"} (${op})`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
