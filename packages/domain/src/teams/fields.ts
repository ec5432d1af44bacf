/** Limits of a team's fields (decision 0700, "Teams, travel and links"). */
export const TEAM_NAME_MAX = 100;
export const TEAM_TAG_MAX = 20;
export const TEAM_VISIBILITIES = ["public", "private"] as const;
export type TeamVisibility = (typeof TEAM_VISIBILITIES)[number];

/** The editable fields of a team as the API takes them (null clears an optional one). */
export interface TeamInput {
  name?: string | null;
  tag?: string | null;
  is_sport?: boolean | null;
  visibility?: string | null;
}

/** A field the caller can fix, named as the API names it (teams and travel). */
export class TeamInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const fail = (field: string, message: string): never => {
  throw new TeamInputError(field, message);
};

/**
 * Checks and normalises a team's fields: on create (`creating`) the name is required; on update
 * only the fields given are checked and returned. Uniqueness of the name is the server's check.
 */
export function cleanTeamInput(input: TeamInput, creating: boolean): TeamInput {
  const out: TeamInput = {};
  if (creating || input.name !== undefined) {
    const name = (input.name ?? "").trim();
    if (!name) fail("name", "name is required");
    if (name.length > TEAM_NAME_MAX) fail("name", `name must be at most ${TEAM_NAME_MAX} characters`);
    out.name = name;
  }
  if (input.tag !== undefined) {
    const tag = input.tag?.trim() ?? "";
    if (tag.length > TEAM_TAG_MAX) fail("tag", `tag must be at most ${TEAM_TAG_MAX} characters`);
    out.tag = tag || null;
  }
  if (input.is_sport !== undefined) {
    if (input.is_sport === null) fail("is_sport", "is_sport must be true or false");
    out.is_sport = input.is_sport;
  }
  if (input.visibility !== undefined || creating) {
    const v = (input.visibility ?? "private").trim().toLowerCase();
    if (!(TEAM_VISIBILITIES as readonly string[]).includes(v))
      fail("visibility", `visibility must be one of ${TEAM_VISIBILITIES.join(", ")}`);
    out.visibility = v;
  }
  return out;
}

/** Team names compare without case and surrounding spaces ("Soccer" and " soccer" are one team). */
export const teamNameKey = (name: string) => name.trim().toLowerCase();
