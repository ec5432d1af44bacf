import {
  type AssignableType,
  type AttachableType,
  isAssignableType,
  isAttachableType,
  mayLinkStudents,
} from "@rollbook/domain";
import { GraphQLError } from "graphql";
import type { Scoped } from "../access/scoped.ts";
import { userError } from "../graphql/builder.ts";

/** The attachable_type of a generic student link: known (else BAD_USER_INPUT) and allowed (else FORBIDDEN). */
export function studentLinkType(data: Scoped, type: string): AttachableType {
  const t = type.trim().toLowerCase();
  if (!isAttachableType(t))
    throw userError("attachable_type must be one of course, event, team, travel", "attachable_type");
  if (!mayLinkStudents(t, data.viewer.roleId, data.viewer.permissions))
    throw new GraphQLError("You are not allowed to do this.", {
      extensions: { code: "FORBIDDEN", field: "attachable_type" },
    });
  return t;
}

/** The assignable_type of a generic user link (who may call at all is the root field's rule). */
export function userLinkType(type: string): AssignableType {
  const t = type.trim().toLowerCase();
  if (!isAssignableType(t))
    throw userError("assignable_type must be one of course, event, team, student", "assignable_type");
  return t;
}
