import type { Locator } from "@playwright/test";
import type { ApiSession } from "../fixtures.ts";
import type { Api } from "./api.ts";

/**
 * Rows the specs make for themselves through the API, under names no other spec uses (decision
 * 0100: one server and one demo school for the whole run), and the small locators they share.
 */

/** `tag` and a run-unique tail of letters only, so a search for it matches it and nothing else. */
export function uniqueWord(tag: string): string {
  const n = Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36);
  return tag + [...n].map((c) => (/\d/.test(c) ? String.fromCharCode(97 + Number(c)) : c)).join("");
}

/** A day `days` from now, YYYY-MM-DD (UTC). */
export const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface MadeStudent {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
}

/** Students sharing one last name, each with an e-mail of their own. */
export async function createStudents(api: Api, session: ApiSession, lastName: string, firstNames: readonly string[]) {
  const out: MadeStudent[] = [];
  for (const first of firstNames) {
    const r = await api.graphql<{ createStudent: MadeStudent }>(
      session.access_token,
      `mutation ($first_name: String!, $last_name: String!, $email: String) {
        createStudent(first_name: $first_name, last_name: $last_name, email: $email) { id uuid first_name last_name }
      }`,
      { first_name: first, last_name: lastName, email: `${first}.${lastName}@e2e.rollbook.test`.toLowerCase() },
    );
    out.push(r.createStudent);
  }
  return out;
}

export async function createTeam(api: Api, session: ApiSession, name: string) {
  const r = await api.graphql<{ createTeam: { id: number; uuid: string; name: string } }>(
    session.access_token,
    `mutation ($name: String!) { createTeam(name: $name, tag: "E2E", is_sport: true) { id uuid name } }`,
    { name },
  );
  return r.createTeam;
}

/** The value a detail header's facts list shows for a label ("Tag" -> "E2E"). */
export const fact = (header: Locator, label: string) =>
  header
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
