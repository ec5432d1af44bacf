import { TeamInputError } from "./fields.ts";

export const MAX_PASTED_IDS = 1000;

/**
 * A pasted list of school identifiers as the team's bulk attach takes it: each trimmed, blanks
 * dropped, duplicates (ignoring case) kept once in the order first pasted; at most 1000.
 */
export function cleanSchoolIds(list: readonly string[], field = "student_school_ids"): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const id = raw.trim();
    if (!id || seen.has(id.toLowerCase())) continue;
    seen.add(id.toLowerCase());
    out.push(id);
  }
  if (out.length > MAX_PASTED_IDS)
    throw new TeamInputError(field, `${field}: at most ${MAX_PASTED_IDS} identifiers at a time`);
  return out;
}

/**
 * The pasted identifiers no participant matched (ignoring case), in the order pasted.
 * `matched` are the school_identifier values of the participants found.
 */
export function unknownSchoolIds(pasted: readonly string[], matched: readonly (string | null)[]): string[] {
  const found = new Set(matched.filter((m): m is string => m !== null).map((m) => m.trim().toLowerCase()));
  return pasted.filter((p) => !found.has(p.toLowerCase()));
}
