/**
 * The team form's values, checks and call arguments (name, tag, is_sport, visibility). The
 * limits are the domain's (TEAM_NAME_MAX, TEAM_TAG_MAX); the server checks again, and the name
 * being free is only its check. Pure, tested without a browser.
 */
import { TEAM_NAME_MAX, TEAM_TAG_MAX } from "@rollbook/domain";
import type { Errors } from "../../ui/form/server-errors.ts";

export interface TeamFormValues {
  name: string;
  tag: string;
  is_sport: boolean;
  visibility: "public" | "private";
}

export type TeamField = keyof TeamFormValues;

export const TEAM_FIELD_ORDER: readonly TeamField[] = ["name", "tag", "is_sport", "visibility"];

export const TEAM_LABELS: Record<TeamField, string> = {
  name: "Name",
  tag: "Tag",
  is_sport: "Sport team",
  visibility: "Visibility",
};

export const EMPTY_TEAM_FORM: TeamFormValues = { name: "", tag: "", is_sport: false, visibility: "private" };

export function teamFormFrom(t: { name: string; tag: string | null; is_sport: boolean; visibility: string }) {
  return {
    name: t.name,
    tag: t.tag ?? "",
    is_sport: t.is_sport,
    visibility: t.visibility === "public" ? "public" : "private",
  } satisfies TeamFormValues;
}

export function teamFormErrors(v: TeamFormValues): Errors<TeamField> {
  const e: Errors<TeamField> = {};
  const name = v.name.trim();
  if (!name) e.name = "Name is required";
  else if (name.length > TEAM_NAME_MAX) e.name = `Name must be at most ${TEAM_NAME_MAX} characters`;
  if (v.tag.trim().length > TEAM_TAG_MAX) e.tag = `Tag must be at most ${TEAM_TAG_MAX} characters`;
  return e;
}

/** createTeam / updateTeam arguments: trimmed, a blank tag cleared. */
export const teamVariables = (v: TeamFormValues) => ({
  name: v.name.trim(),
  tag: v.tag.trim() || null,
  is_sport: v.is_sport,
  visibility: v.visibility,
});
