import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import * as t from "../db/schema/index.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";

/**
 * Classes, teams, events and locations are found without their accents or case (decision 0615),
 * as participants are (0613): in global search and in each list's search box. "cafe" finds
 * "Café Society", "STRASSE" finds "Straße Crew". A term of accents alone finds nothing, not all.
 */

const SEARCH = `query S($q: String!) { search(query: $q, per_page: 25) {
  courses { title } teams { name } events { title } } }`;
const LISTS = {
  courses: `query Q($q: String) { courses(query: $q, state: "all", per_page: 100) { total data { title } } }`,
  teams: `query Q($q: String) { teams(query: $q, state: "all", per_page: 100) { total data { name } } }`,
  events: `query Q($q: String) { events(query: $q, state: "all", per_page: 100) { total data { title } } }`,
  locations: `query Q($q: String) { locations(query: $q, per_page: 100) { total data { name } } }`,
} as const;
type List = keyof typeof LISTS;

const NAMES: Record<List, string[]> = {
  courses: ["Café Society", "Cafeteria Duty", "Ñandú Studies"],
  teams: ["Straße Crew", "Øresund Rowing"],
  events: ["Ñandú Night", "Fête de la Musique"],
  locations: ["Salle Église", "Eglise Annex"],
};

describe.each(DATABASES)("titles and names found without accents on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  const db = () => srv.services.db;

  beforeAll(async () => {
    srv = await startServer(kind);
    admin = (await srv.login("school_admin")).access_token;
    const { demo } = await schoolsOf(db());
    for (const title of NAMES.courses)
      await db()
        .insert(t.courses)
        .values({ school_id: demo.id, title, start_time: "09:00", end_time: "10:00", meet_mon: true });
    for (const name of NAMES.teams) await db().insert(t.teams).values({ school_id: demo.id, name });
    for (const title of NAMES.events)
      await db()
        .insert(t.events)
        .values({ school_id: demo.id, title, date: "2026-12-01", start_time: "18:00", end_time: "20:00" });
    for (const name of NAMES.locations) await db().insert(t.locations).values({ school_id: demo.id, name });
  }, 120_000);
  afterAll(() => srv?.close());

  const listed = async (list: List, q: string) => {
    const r = await srv.gql(admin, LISTS[list], { q });
    expect(r.body.errors, `${list} ${q}`).toBeUndefined();
    const page = (r.body.data as Record<List, { total: number; data: Record<string, string>[] }>)[list];
    expect(page.data, `${list} ${q}`).toHaveLength(page.total);
    // in the list's own order: by title or name, as names sort (decision 0614)
    return page.data.map((row) => row.title ?? row.name);
  };
  const searched = async (q: string) => {
    const r = await srv.gql(admin, SEARCH, { q });
    expect(r.body.errors, q).toBeUndefined();
    const hits = r.body.data.search as {
      courses: { title: string }[];
      teams: { name: string }[];
      events: { title: string }[];
    };
    return {
      courses: hits.courses.map((c) => c.title),
      teams: hits.teams.map((x) => x.name),
      events: hits.events.map((e) => e.title),
    };
  };

  it("each list's search box finds a title typed plainly, in any case, or with other accents", async () => {
    expect(await listed("courses", "cafe")).toEqual(["Café Society", "Cafeteria Duty"]);
    expect(await listed("courses", "CAFÉ SOC")).toEqual(["Café Society"]);
    expect(await listed("courses", "nandu")).toEqual(["Ñandú Studies"]);
    expect(await listed("teams", "STRASSE")).toEqual(["Straße Crew"]);
    expect(await listed("teams", "oresund")).toEqual(["Øresund Rowing"]);
    expect(await listed("events", "NANDU")).toEqual(["Ñandú Night"]);
    expect(await listed("events", "fete")).toEqual(["Fête de la Musique"]);
    expect(await listed("locations", "église")).toEqual(["Eglise Annex", "Salle Église"]);
    expect(await listed("locations", "eglise")).toEqual(["Eglise Annex", "Salle Église"]);
  });

  it("global search finds classes, teams and events the same way, word starts first", async () => {
    const cafe = await searched("cafe");
    expect(cafe.courses).toEqual(["Café Society", "Cafeteria Duty"]);
    expect((await searched("strasse")).teams).toEqual(["Straße Crew"]);
    const nandu = await searched("Ñandu");
    expect(nandu.courses).toEqual(["Ñandú Studies"]);
    expect(nandu.events).toEqual(["Ñandú Night"]);
    // a short term matches the start of a word of the folded title only
    expect((await searched("fe")).events).toEqual(["Fête de la Musique"]);
    expect((await searched("gl")).events).toEqual([]);
  });

  it("a term of accents alone finds nothing, and LIKE's characters are literal", async () => {
    const accents = "\u0301\u0300";
    for (const list of Object.keys(LISTS) as List[]) {
      expect(await listed(list, accents), list).toEqual([]);
      expect(await listed(list, "%"), list).toEqual([]);
      expect(await listed(list, "_"), list).toEqual([]);
    }
    expect(await searched(accents)).toEqual({ courses: [], teams: [], events: [] });
  });
});
