import { createHash, createHmac } from "node:crypto";
import { sessionDaysBetween, zonedToUtc } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { courses, schoolClosures, userCourse, users } from "../db/schema/index.ts";
import { makeCourse, schoolsOf } from "../engine/test-fixtures.ts";

const URL_OF = `query($uuid: String!) { course(uuid: $uuid) { calendar_url } }`;
const CANCEL = `mutation($c: Int!, $d: String!, $n: String) { createCancellation(course_id: $c, date: $d, notes: $n) { id } }`;

type VEvent = Record<string, string>;

/** The VEVENTs of an iCal text: lines unfolded, each property by name (parameters dropped). */
function parseEvents(text: string): VEvent[] {
  const lines = text.replace(/\r\n[ \t]/g, "").split(/\r\n/);
  const out: VEvent[] = [];
  let cur: VEvent | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") cur = {};
    else if (line === "END:VEVENT" && cur) {
      out.push(cur);
      cur = null;
    } else if (cur) {
      const i = line.indexOf(":");
      cur[line.slice(0, i).split(";")[0] as string] = line.slice(i + 1).replace(/\\([,;\\])/g, "$1");
    }
  }
  return out;
}

const icsStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The secret iCal feed of a course (decision 0700, Courses), on every database. */
describe.each(ONE_DATABASE)("course calendar feed on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  const tokens = new Map<string, { token: string; id: number }>();

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const as = async (role: string) => {
    const have = tokens.get(role);
    if (have) return have;
    const s = await srv.login(role);
    const me = { token: s.access_token as string, id: s.user.id as number };
    tokens.set(role, me);
    return me;
  };
  const ok = async (role: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql((await as(role)).token, query, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };
  const urlOf = async (role: string, uuid: string) => (await ok(role, URL_OF, { uuid })).course.calendar_url as string;
  const get = (path: string) => fetch(`${srv.url}${path}`);

  const semesterCourse = async () => {
    const { course } = await makeCourse(db(), school, new Date(), 60, {
      title: "Chemistry, lab",
      start_time: "09:00",
      end_time: "10:15",
      semester_start: "2026-08-24",
      semester_end: "2026-12-11",
      is_indefinite: false,
      meet_sun: false,
      meet_tue: false,
      meet_thu: false,
      meet_fri: false,
      meet_sat: false,
    });
    return course;
  };

  it("lists every session of the semester in the school's zone, cancelled dates and closures marked", async () => {
    const course = await semesterCourse();
    await ok("school_admin", CANCEL, { c: course.id, d: "2026-09-02", n: "Snow" });
    await db()
      .insert(schoolClosures)
      .values({ school_id: school.id, title: "Labor Day", start_date: "2026-09-07", end_date: "2026-09-07" });
    const url = await urlOf("school_admin", course.uuid);
    expect(url).toMatch(new RegExp(`^/api/v2/calendar/[A-Za-z0-9_-]{43}/courses/${course.uuid}\\.ics$`));
    // the same URL on every ask; only its SHA-256 is stored
    expect(await urlOf("school_admin", course.uuid)).toBe(url);
    const secret = url.split("/")[4] as string;
    const [me] = await db()
      .select()
      .from(users)
      .where(eq(users.id, (await as("school_admin")).id));
    expect(me!.calendar_token_hash).toBe(createHash("sha256").update(secret).digest("hex"));

    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(text).toContain(`X-WR-TIMEZONE:${school.timezone}`);
    const events = parseEvents(text);
    const days = sessionDaysBetween(course, "2026-08-24", "2026-12-11");
    expect(events).toHaveLength(days.length);
    const first = events.find((e) => e.UID === `${course.uuid}-2026-08-24@rollbook`)!;
    expect(first.DTSTART).toBe(icsStamp(zonedToUtc("2026-08-24", 9 * 60, school.timezone)));
    expect(first.DTEND).toBe(icsStamp(zonedToUtc("2026-08-24", 10 * 60 + 15, school.timezone)));
    expect(first.SUMMARY).toBe("Chemistry, lab");
    expect(first.STATUS).toBe("CONFIRMED");
    const cancelled = events.find((e) => e.UID === `${course.uuid}-2026-09-02@rollbook`)!;
    expect(cancelled).toMatchObject({ STATUS: "CANCELLED", DESCRIPTION: "Cancelled: Snow" });
    const closed = events.find((e) => e.UID === `${course.uuid}-2026-09-07@rollbook`)!;
    expect(closed).toMatchObject({ STATUS: "CANCELLED", DESCRIPTION: "School closed: Labor Day" });
    // cancelled: the snow day, Labor Day, and any session day in the seed's own closures (its
    // winter break starts 30 days after the seed's today, so in autumn it can fall in this semester)
    const closures = await db().select().from(schoolClosures).where(eq(schoolClosures.school_id, school.id));
    const off = days.filter((d) => d === "2026-09-02" || closures.some((c) => c.start_date <= d && d <= c.end_date));
    expect(off).toEqual(expect.arrayContaining(["2026-09-02", "2026-09-07"]));
    const cancelledDays = events.filter((e) => e.STATUS === "CANCELLED").map((e) => e.UID!.slice(-19, -9));
    expect(cancelledDays.sort()).toEqual(off);
  });

  it("refuses a semester past two years, and a feed of one stored before keeps to 731 days around today", async () => {
    const create = `mutation($end: String!) { createCourse(title: "Typo semester", start_time: "08:00", end_time: "09:00",
      semester_start: "2026-01-05", semester_end: $end, meet_mon: true) { id } }`;
    const refused = await srv.gql((await as("school_admin")).token, create, { end: "2126-01-05" });
    expect(refused.body.errors?.[0]?.message).toMatch(/semester_end must be within 731 days of semester_start/);
    expect(refused.body.errors?.[0]?.extensions?.field).toBe("semester_end");
    // as an import before the limit, or a database edit, would have left it: every day for 300 years
    const course = await semesterCourse();
    await db()
      .update(courses)
      .set({
        semester_start: "1900-01-01",
        semester_end: "2199-12-31",
        ...Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [`meet_${d}`, true])),
      })
      .where(eq(courses.id, course.id));
    const res = await get(await urlOf("school_admin", course.uuid));
    const events = parseEvents(await res.text());
    expect(res.status).toBe(200);
    // every day from a year before today to a year after (a day either way for the school's zone)
    expect(events.length).toBeGreaterThanOrEqual(730);
    expect(events.length).toBeLessThanOrEqual(731);
    const days = events.map((e) => e.UID!.slice(-19, -9)).sort();
    const today = new Date().toISOString().slice(0, 10);
    expect(days[0]! < today && today < days[days.length - 1]!).toBe(true);
  });

  it("an indefinite course lists the next 26 weeks", async () => {
    const { course } = await makeCourse(db(), school, new Date(), 60, { meet_sat: false, meet_sun: false });
    const events = parseEvents(await (await get(await urlOf("school_admin", course.uuid))).text());
    // five days a week for 26 weeks, give or take the first and last day
    expect(events.length).toBeGreaterThanOrEqual(129);
    expect(events.length).toBeLessThanOrEqual(131);
  });

  it("answers 404 for an unknown secret, a course the user may not see, and an old secret", async () => {
    const course = await semesterCourse();
    const url = await urlOf("school_admin", course.uuid);
    const secret = url.split("/")[4] as string;
    expect((await get(url.replace(secret, "x".repeat(43)))).status).toBe(404);
    expect((await get(url.replace(".ics", ""))).status).toBe(404);
    expect((await get(`/api/v2/calendar/${secret}/courses/not-a-uuid.ics`)).status).toBe(404);
    const { course: foreign } = await makeCourse(db(), other, new Date(), 60);
    expect((await get(url.replace(course.uuid, foreign.uuid))).status).toBe(404);
    // the professor's secret opens their own course only
    const judge = await as("judge");
    await db().insert(userCourse).values({ user_id: judge.id, course_id: course.id });
    const theirs = await urlOf("judge", course.uuid);
    expect((await get(theirs)).status).toBe(200);
    const [unassigned] = await db().select().from(courses).where(eq(courses.school_id, school.id)).limit(1);
    const seen = await db().select().from(userCourse).where(eq(userCourse.course_id, unassigned!.id));
    if (!seen.some((x) => x.user_id === judge.id))
      expect((await get(theirs.replace(course.uuid, unassigned!.uuid))).status).toBe(404);
    // a removed course has no feed
    await db().update(courses).set({ deleted_at: new Date() }).where(eq(courses.id, course.id));
    expect((await get(url)).status).toBe(404);
    await db().update(courses).set({ deleted_at: null }).where(eq(courses.id, course.id));
    // a new password makes a new secret: the old URL stops at once
    await db().update(users).set({ password_hash: "changed" }).where(eq(users.id, judge.id));
    expect((await get(theirs)).status).toBe(404);
  });

  it("gives no feed to a user without a password, whose secret a stranger could derive", async () => {
    const course = await semesterCourse();
    const coach = await as("staff");
    await db().insert(userCourse).values({ user_id: coach.id, course_id: course.id });
    // as an imported user who never signed in: no password; an admin acting as them opens the course
    await db().update(users).set({ password_hash: null }).where(eq(users.id, coach.id));
    const switched = await srv.gql(
      (await as("school_admin")).token,
      "mutation($u: Int!) { switchUser(user_id: $u) { access_token } }",
      { u: coach.id },
    );
    const acting = switched.body.data.switchUser.access_token as string;
    const asked = await srv.gql(acting, URL_OF, { uuid: course.uuid });
    const url = asked.body.data.course.calendar_url as string;
    const [row] = await db().select().from(users).where(eq(users.id, coach.id));
    // what the secret was derived from: nothing but the id and the creation time
    const guessed = createHmac("sha256", `:${row!.id}:${new Date(row!.created_at).toISOString()}`)
      .update("rollbook calendar feed v1")
      .digest("base64url");
    expect(url.split("/")[4]).toBe(guessed);
    expect((await get(`/api/v2/calendar/${guessed}/courses/${course.uuid}.ics`)).status).toBe(404);
  });
});
