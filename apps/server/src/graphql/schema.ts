import { type GraphQLSchema, isObjectType } from "graphql";
import { builder } from "./builder.ts";
import "./types/attendance-calls.ts";
import "./types/course.ts";
import "./types/device.ts";
import "./types/invitation.ts";
import "./types/lookups.ts";
import "./types/me.ts";
import "./types/school.ts";
import "./types/search.ts";
import "./types/session.ts";
import "./types/student.ts";
import "./types/bulk.ts";
import "./types/event.ts";
import "./types/excuse.ts";
import "./types/note.ts";
import "./types/student-device.ts";
import "./types/student-fields.ts";
import "./types/student-mutations.ts";
import "./types/team.ts";
import "./types/graph.ts";
import "./types/attendable-figures.ts";
import "./types/course-fields.ts";
import "./types/course-mutations.ts";
import "./types/cancellation.ts";
import "./types/event-fields.ts";
import "./types/event-mutations.ts";
import "./types/team-fields.ts";
import "./types/team-mutations.ts";
import "./types/travel.ts";
import "./types/links.ts";
import "./types/user-admin.ts";
import "./types/reports.ts";
import "./types/reports-attendables.ts";
import "./types/reports-school.ts";
import "./types/technical.ts";
import "./types/settings.ts";
import "./types/location.ts";
import "./types/import.ts";

/**
 * Denied by default: a root field that declares no auth scope would be open
 * to anyone with a token, so building the schema fails instead.
 */
export function assertEveryRootFieldHasAScope(schema: GraphQLSchema) {
  const missing: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type || !isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const opts = field.extensions?.pothosOptions as { authScopes?: unknown } | undefined;
      if (!opts?.authScopes) missing.push(`${type.name}.${field.name}`);
    }
  }
  if (missing.length) throw new Error(`GraphQL fields without an access rule: ${missing.join(", ")}`);
}

let built: GraphQLSchema | null = null;
export function buildSchema(): GraphQLSchema {
  if (built) return built;
  const schema = builder.toSchema({ sortSchema: true });
  assertEveryRootFieldHasAScope(schema);
  built = schema;
  return schema;
}
