import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { label, order, PEOPLE } from "../../test/names-fixture.ts";
import * as t from "../db/schema/index.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";

/**
 * The /Users search folds as the participants' does (decisions 0613, 0614): blind to case and
 * accents ("nunez" finds "Ñúñez"), in first name, last name, both ("first last") and e-mail. The
 * users are the names fixture's people (e-mails "Folding.Check.<n>@X.test"), listed by last name.
 */
const SEARCHES: Record<string, string[]> = {
  nunez: order(4, 6, 5),
  NUÑEZ: order(4, 6, 5),
  emile: order(10, 4),
  "emile nunez": order(4),
  "zoe adams": order(1),
  ALVAREZ: order(2),
  "oscar alv": order(2),
  omer: order(9),
};

/**
 * What the search found before and still finds: the names as written, the e-mail in any case. And
 * a term of accents alone, which folds to nothing: it finds nobody, not everybody.
 */
const KEPT: Record<string, string[]> = {
  ÉMILE: order(10, 4),
  "Ana Ñúñez": order(6),
  "Ñúñez Ana": [],
  "folding.check.7@": order(7),
  "FOLDING.CHECK.9": order(9),
  "\u0301\u0303": [],
};

const LIST = `query($q: String) { users(query: $q, per_page: 250) { total data { id } } }`;
const INVITATIONS = `query($q: String) { invitations(query: $q, per_page: 250) { total data { id } } }`;

describe.each(DATABASES)("the /Users search, folded, on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  const labelOf = new Map<number, string>();
  const invitationLabel = new Map<number, string>();

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    admin = (await srv.login("school_admin")).access_token;
    const { demo } = await schoolsOf(db);
    for (const [i, [last_name, first_name]] of PEOPLE.entries()) {
      const [u] = await db
        .insert(t.users)
        .values({ school_id: demo.id, role_id: 7, first_name, last_name, email: `Folding.Check.${i + 1}@X.test` })
        .returning();
      labelOf.set(u!.id, label(i));
    }
    // the same people invited (their list is by date: the test compares the hits unordered)
    for (const [i, [last_name, first_name]] of PEOPLE.entries()) {
      const [inv] = await db
        .insert(t.invitations)
        .values({
          school_id: demo.id,
          role_id: 7,
          first_name,
          last_name,
          email: `Folding.Invite.${i + 1}@X.test`,
          secret_hash: `folding-invite-${i + 1}`,
          expires_at: new Date(Date.now() + 86_400_000),
        })
        .returning();
      invitationLabel.set(inv!.id, label(i));
    }
  });
  afterAll(() => srv?.close());

  const found = async (term: string) => {
    const r = await srv.gql<{ users: { total: number; data: { id: number }[] } }>(admin, LIST, { q: term });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    expect(r.body.data!.users.total).toBe(r.body.data!.users.data.length);
    return r.body.data!.users.data.map((u) => labelOf.get(u.id) ?? `someone else #${u.id}`);
  };

  for (const [term, expected] of Object.entries(SEARCHES))
    it(`"${term}" finds ${expected.join("; ")}, without their case and accents`, async () => {
      expect(await found(term)).toEqual(expected);
    });

  it("the names as written and the e-mail in any case are found as before; accents alone find nobody", async () => {
    for (const [term, expected] of Object.entries(KEPT)) expect(await found(term), term).toEqual(expected);
  });

  it("open invitations are searched the same way, by first and last name and e-mail (decision 0615)", async () => {
    const invited = async (term: string) => {
      const r = await srv.gql<{ invitations: { total: number; data: { id: number }[] } }>(admin, INVITATIONS, {
        q: term,
      });
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      return r.body.data!.invitations.data.map((x) => invitationLabel.get(x.id) ?? `someone else #${x.id}`).sort();
    };
    for (const [term, expected] of Object.entries({ ...SEARCHES, ...KEPT })) {
      const e = term.replace(/^(folding|FOLDING)\.(check|CHECK)\./, "$1.invite.");
      expect(await invited(e), e).toEqual([...expected].sort());
    }
  });
});
