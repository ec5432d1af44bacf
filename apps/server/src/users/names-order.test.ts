import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { label, order, PEOPLE } from "../../test/names-fixture.ts";
import * as t from "../db/schema/index.ts";
import { makeCourse, makeEvent, schoolsOf } from "../engine/test-fixtures.ts";

/**
 * Staff names sort linguistically (decision 0612), as the participants' do: the /Users list and
 * the staff of a course, an event and a team. The users, inserted in this order (ids increase):
 * two share a last name, two share both names (the id breaks the tie).
 */

/** The /Users list's orders: the key in the direction asked, then first name ascending, then id. */
const EXPECTED: Record<string, Record<"asc" | "desc", string[]>> = {
  last_name: {
    asc: order(1, 2, 10, 3, 4, 6, 5, 7, 8, 9),
    desc: order(9, 7, 8, 6, 5, 4, 3, 10, 2, 1),
  },
  first_name: {
    asc: order(3, 6, 5, 7, 8, 4, 9, 2, 10, 1),
    desc: order(1, 10, 2, 9, 4, 7, 8, 5, 3, 6),
  },
};
/** A course's, event's or team's staff: last name, first name, id. */
const STAFF = order(1, 2, 10, 3, 4, 6, 5, 7, 8, 9);

const LIST = `query($q: String, $sort: String, $dir: String, $per: Int, $page: Int) {
  users(query: $q, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) { total data { id } } }`;

describe.each(DATABASES)("staff in name order on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  const labelOf = new Map<number, string>();
  const uuids = { course: "", event: "", team: "" };

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    admin = (await srv.login("school_admin")).access_token;
    const { demo } = await schoolsOf(db);
    const soon = new Date(Date.now() + 600 * 60_000);
    const { course } = await makeCourse(db, demo, soon, 60);
    const { event } = await makeEvent(db, demo, soon, 60);
    const [team] = await db.insert(t.teams).values({ school_id: demo.id, name: "Staff names order" }).returning();
    Object.assign(uuids, { course: course.uuid, event: event.uuid, team: team!.uuid });
    const ids: number[] = [];
    // one at a time, so that the ids follow PEOPLE
    for (const [i, [last_name, first_name]] of PEOPLE.entries()) {
      const [u] = await db
        .insert(t.users)
        .values({ school_id: demo.id, role_id: 7, first_name, last_name, email: `collation.check.${i + 1}@x.test` })
        .returning();
      labelOf.set(u!.id, label(i));
      ids.push(u!.id);
    }
    // assigned last first: an unordered read would give them back in some other order
    for (const user_id of ids.reverse()) {
      await db.insert(t.userCourse).values({ user_id, course_id: course.id });
      await db.insert(t.userEvent).values({ user_id, event_id: event.id });
      await db.insert(t.userTeam).values({ user_id, team_id: team!.id });
    }
  });
  afterAll(() => srv?.close());

  const named = (rows: { id: number }[]) => rows.map((r) => labelOf.get(r.id) ?? `someone else #${r.id}`);

  const listed = async (sort: string, dir: string, per: number) => {
    const seen: { id: number }[] = [];
    for (let page = 1; page <= 20; page++) {
      const r = await srv.gql<{ users: { total: number; data: { id: number }[] } }>(admin, LIST, {
        q: "collation.check",
        sort,
        dir,
        per,
        page,
      });
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      expect(r.body.data!.users.total).toBe(PEOPLE.length);
      seen.push(...r.body.data!.users.data);
      if (r.body.data!.users.data.length < per) break;
    }
    return named(seen);
  };

  for (const sort of Object.keys(EXPECTED))
    for (const dir of ["asc", "desc"] as const)
      it(`/Users by ${sort} ${dir}: linguistic, in one page and in pages of 3`, async () => {
        expect(await listed(sort, dir, 25)).toEqual(EXPECTED[sort]![dir]);
        expect(await listed(sort, dir, 3)).toEqual(EXPECTED[sort]![dir]);
      });

  for (const owner of ["course", "event", "team"] as const)
    it(`the ${owner}'s assigned staff, by name`, async () => {
      const r = await srv.gql<Record<string, { users: { id: number }[] }>>(
        admin,
        `query($uuid: String!) { ${owner}(uuid: $uuid) { users { id } } }`,
        { uuid: uuids[owner] },
      );
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      expect(named(r.body.data![owner]!.users)).toEqual(STAFF);
    });
});
