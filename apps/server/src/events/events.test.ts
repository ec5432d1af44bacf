import { addDays, localDate, localMinutes, zonedToUtc } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { scopedAs } from "../../test/scope.ts";
import { auditLog, events, roles, studentEvent, students, studentTeam, teams, userEvent } from "../db/schema/index.ts";
import { MIN, makeEvent, makeLocation, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { isPush, type PushBus, type PushMessage } from "../realtime/messages.ts";
import { inSessionIds } from "./list.ts";

const FIELDS = `id uuid ern title description date start_time end_time capacity visibility location_id required late_time
  absent_time min_percentage drop_cutoff alerts_students restricted_by deleted_at is_in_session attending_count
  waitlist_count public_url location { id name } restriction { id } school_id`;
const ARGS = `$ern: String, $description: String, $location_id: Int, $capacity: Int, $visibility: String,
  $late_time: Int, $absent_time: Int, $min_percentage: Int, $drop_cutoff: Int, $alerts_students: Boolean,
  $required: Boolean, $restricted_by: Int`;
const PASS = `ern: $ern, description: $description, location_id: $location_id, capacity: $capacity,
  visibility: $visibility, late_time: $late_time, absent_time: $absent_time, min_percentage: $min_percentage,
  drop_cutoff: $drop_cutoff, alerts_students: $alerts_students, required: $required, restricted_by: $restricted_by`;
const CREATE = `mutation($title: String!, $date: String!, $start_time: String!, $end_time: String!, ${ARGS}) {
  createEvent(title: $title, date: $date, start_time: $start_time, end_time: $end_time, ${PASS}) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $title: String, $date: String, $start_time: String, $end_time: String, ${ARGS}) {
  updateEvent(id: $id, title: $title, date: $date, start_time: $start_time, end_time: $end_time, ${PASS}) { ${FIELDS} } }`;
const REMOVE = `mutation($id: Int!) { removeEvent(id: $id) { id deleted_at } }`;
const RESTORE = `mutation($id: Int!) { restoreEvent(id: $id) { id deleted_at } }`;
/** "HH:MM:SS" of an instant on the zone's wall clock. */
const localTimeOf = (at: Date, tz: string) => {
  const s = Math.floor(localMinutes(at, tz) * 60);
  return [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, "0")).join(":");
};
const EVENT = `query($uuid: String!) { event(uuid: $uuid) { ${FIELDS} students { id } users { id }
  waitlist { position created_at student { id } } } }`;
const LIST = `query($q: String, $state: String, $sort: String, $dir: String, $in: Boolean, $per: Int) {
  events(query: $q, state: $state, sort_by: $sort, sort_dir: $dir, in_session: $in, per_page: $per) {
    total data { id title attending_count waitlist_count is_in_session } } }`;
const ADD = `mutation($e: Int!, $ids: [Int!]!) { addStudentsToEvent(event_id: $e, student_ids: $ids) { student_ids } }`;
const UPGRADE = `mutation($e: Int!, $s: Int!) { upgradeStudent(event_id: $e, student_id: $s) { in_waitlist status event { id } } }`;
const TEAM = `mutation($t: Int!, $e: Int!) { addTeamToEvent(team_id: $t, event_id: $e) { student_ids changed } }`;
const DETACH = `mutation($e: Int!, $ids: [Int!]!) {
  detachStudents(attachable_type: "event", attachable_id: $e, student_ids: $ids) { student_ids } }`;

/** The events calls through real GraphQL, on every database (issue 11, decision 0700). */
describe.each(ONE_DATABASE)("events calls on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  let future: string;
  let base: { title: string; date: string; start_time: string; end_time: string };
  const tokens = new Map<string, string>();
  const messages: PushMessage[] = [];

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
    (srv.services.bus as PushBus).subscribe((m) => isPush(m) && messages.push(m));
    future = addDays(localDate(new Date(), school.timezone), 30);
    base = { title: "Career fair", date: future, start_time: "14:00", end_time: "16:30" };
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const token = async (role: string) => {
    const have = tokens.get(role);
    if (have) return have;
    const t = (await srv.login(role)).access_token as string;
    tokens.set(role, t);
    return t;
  };
  const ok = async (role: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(await token(role), query, vars);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };
  const fails = async (role: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(await token(role), query, vars);
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors?.length, JSON.stringify(r.body)).toBeGreaterThan(0);
    const e = r.body.errors?.[0] as { message: string; extensions?: Record<string, unknown> };
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };
  const stored = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;
  const create = async (extra: Record<string, unknown> = {}) =>
    (await ok("school_admin", CREATE, { ...base, ...extra })).createEvent;
  const students3 = async (n: number) => {
    const out = [];
    for (let i = 0; i < n; i++) out.push(await makeStudent(db(), school.id));
    return out;
  };
  const linkOf = async (eventId: number, studentId: number) =>
    (
      await db()
        .select()
        .from(studentEvent)
        .where(and(eq(studentEvent.event_id, eventId), eq(studentEvent.student_id, studentId)))
    )[0];
  const makeTeam = async (schoolId: number, members: number[]) => {
    const [team] = await db()
      .insert(teams)
      .values({ school_id: schoolId, name: `Team ${Math.random()}` })
      .returning();
    for (const id of members) await db().insert(studentTeam).values({ student_id: id, team_id: team!.id });
    return team!;
  };

  describe("create, update, remove, restore, read", () => {
    it("creates an event with every field, answers its public_url, changes only what is given", async () => {
      const place = await makeLocation(db(), school.id);
      const team = await makeTeam(school.id, []);
      const c = await create({
        title: "  Career fair ",
        ern: "E-100",
        description: "Meet employers",
        location_id: place.id,
        capacity: 50,
        visibility: "public",
        late_time: 10,
        absent_time: 30,
        min_percentage: 60,
        alerts_students: true,
        required: true,
        restricted_by: team.id,
      });
      expect(c).toMatchObject({
        title: "Career fair",
        ern: "E-100",
        date: future,
        start_time: "14:00",
        end_time: "16:30",
        capacity: 50,
        visibility: "public",
        late_time: 10,
        absent_time: 30,
        min_percentage: 60,
        drop_cutoff: 240,
        alerts_students: true,
        required: true,
        restricted_by: team.id,
        restriction: { id: team.id },
        location: { id: place.id },
        deleted_at: null,
        is_in_session: false,
        attending_count: 0,
        waitlist_count: 0,
        school_id: school.id,
      });
      expect(c.public_url).toBe(`${srv.services.publicUrl}/EventSignup/${c.uuid}`);
      expect((await stored(c.id)).required).toBe(true);
      const { updateEvent: u } = await ok("school_admin", UPDATE, {
        id: c.id,
        title: "Spring fair",
        visibility: "private",
      });
      expect(u).toMatchObject({ title: "Spring fair", ern: "E-100", capacity: 50, public_url: null, drop_cutoff: 240 });
      // required reads back, so a form can clear it
      expect(u.required).toBe(true);
      const { updateEvent: optional } = await ok("school_admin", UPDATE, { id: c.id, required: false });
      expect(optional.required).toBe(false);
      expect((await stored(c.id)).required).toBe(false);
      const { updateEvent: cleared } = await ok("school_admin", UPDATE, {
        id: c.id,
        capacity: null,
        restricted_by: null,
      });
      expect(cleared).toMatchObject({ capacity: null, restricted_by: null, restriction: null });
      const actions = (await db().select().from(auditLog).where(eq(auditLog.subject_id, c.id)))
        .filter((a) => a.subject_type === "event")
        .map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(["event.create", "event.update"]));
    });

    it.each([
      [{ title: "  " }, "title", /title is required/],
      [{ date: "2026-02-30" }, "date", /YYYY-MM-DD/],
      [{ start_time: "2pm" }, "start_time", /HH:MM/],
      [{ end_time: "13:00" }, "end_time", /after start_time/],
      [{ capacity: 0 }, "capacity", /at least 1/],
      [{ visibility: "hidden" }, "visibility", /public, private/],
      [{ late_time: 1441 }, "late_time", /0 to 1440/],
      [{ late_time: 30, absent_time: 20 }, "absent_time", /more than late_time/],
      [{ min_percentage: 101 }, "min_percentage", /0 to 100/],
      [{ drop_cutoff: 10081 }, "drop_cutoff", /0 to 10080/],
    ])("refuses %j naming %s", async (change, field, message) => {
      const before = await db().$count(events);
      const e = await fails("school_admin", CREATE, { ...base, ...change });
      expect(e).toMatchObject({ code: "BAD_USER_INPUT", field });
      expect(e.message).toMatch(message);
      expect(await db().$count(events)).toBe(before);
    });

    it("refuses another school's location and team, and an update against the stored event", async () => {
      const place = await makeLocation(db(), other.id);
      const team = await makeTeam(other.id, []);
      expect(await fails("school_admin", CREATE, { ...base, location_id: place.id })).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "location_id",
      });
      expect(await fails("school_admin", CREATE, { ...base, restricted_by: team.id })).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "restricted_by",
      });
      const c = await create();
      expect((await fails("school_admin", UPDATE, { id: c.id, end_time: "13:59" })).field).toBe("end_time");
      expect((await fails("school_admin", UPDATE, { id: c.id, drop_cutoff: null })).field).toBe("drop_cutoff");
    });

    it("removes softly and restores; a removed event is read-only, still readable, listed as removed", async () => {
      const c = await create({ title: "Removable gala" });
      const s = await makeStudent(db(), school.id, { events: [c.id] });
      const { removeEvent: r } = await ok("school_admin", REMOVE, { id: c.id });
      expect(r.deleted_at).not.toBeNull();
      expect(await linkOf(c.id, s.id)).toBeDefined();
      expect(await fails("school_admin", UPDATE, { id: c.id, title: "x" })).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "id",
      });
      expect((await ok("school_admin", EVENT, { uuid: c.uuid })).event.deleted_at).not.toBeNull();
      const ids = async (state?: string) =>
        (await ok("school_admin", LIST, { q: "Removable gala", state })).events.data.map((x: { id: number }) => x.id);
      expect(await ids()).toEqual([]);
      expect(await ids("removed")).toEqual([c.id]);
      expect(await ids("all")).toEqual([c.id]);
      const { restoreEvent: back } = await ok("school_admin", RESTORE, { id: c.id });
      expect(back.deleted_at).toBeNull();
      expect(await ids()).toEqual([c.id]);
    });

    it("lists upcoming by default, past, by query over title and ern, sorted by attending_count, in session", async () => {
      const tag = `L${Date.now()}`;
      const past = await create({ title: `${tag} past`, date: addDays(future, -60) });
      const soon = await create({ title: `${tag} soon`, ern: `${tag}-ERN` });
      const later = await create({ title: `${tag} later`, date: addDays(future, 1) });
      for (let i = 0; i < 2; i++) await makeStudent(db(), school.id, { events: [later.id] });
      const list = async (vars: Record<string, unknown>) =>
        (await ok("school_admin", LIST, { q: tag, ...vars })).events.data.map((x: { id: number }) => x.id);
      expect(await list({})).toEqual([soon.id, later.id]);
      expect(await list({ state: "past" })).toEqual([past.id]);
      expect(await list({ sort: "attending_count", dir: "desc" })).toEqual([later.id, soon.id]);
      expect(await list({ q: `${tag}-ERN` })).toEqual([soon.id]);
      expect(await fails("school_admin", LIST, { sort: "capacity" })).toMatchObject({ field: "sort_by" });
      expect(await fails("school_admin", LIST, { state: "soon" })).toMatchObject({ field: "state" });
      // an event in progress now
      const { event: now } = await makeEvent(db(), school, new Date(Date.now() - 10 * MIN), 60);
      const live = (await ok("school_admin", LIST, { in: true, state: "all", per: 250 })).events.data;
      expect(live.map((x: { id: number }) => x.id)).toContain(now.id);
      expect(live.every((x: { is_in_session: boolean }) => x.is_in_session)).toBe(true);
      expect((await ok("school_admin", EVENT, { uuid: now.uuid })).event.is_in_session).toBe(true);
    });

    it("an event whose end has passed is past, on the school's clock; one in progress is still upcoming", async () => {
      const ago = (m: number) => new Date(Date.now() - m * MIN);
      const { event: over } = await makeEvent(db(), school, ago(65), 60); // ended 5 minutes ago
      const { event: running } = await makeEvent(db(), school, ago(10), 60);
      const { event: overnight } = await makeEvent(db(), school, ago(20), 60);
      // of yesterday, 23:00 to ten minutes from now: it runs past midnight and is not over
      const today = localDate(new Date(), school.timezone);
      const endClock = localTimeOf(new Date(Date.now() + 10 * MIN), school.timezone);
      await db()
        .update(events)
        .set({ date: addDays(today, -1), start_time: "23:59:59", end_time: endClock })
        .where(eq(events.id, overnight.id));
      const ids = async (state: string) => {
        const found: number[] = [];
        for (const e of [over, running, overnight]) {
          const page = (await ok("school_admin", LIST, { q: e.title, state, per: 250 })).events.data;
          found.push(...page.map((x: { id: number }) => x.id));
        }
        return found;
      };
      const [upcoming, past] = [await ids("upcoming"), await ids("past")];
      expect(past).toContain(over.id);
      expect(upcoming).not.toContain(over.id);
      expect(upcoming).toContain(running.id);
      expect(past).not.toContain(running.id);
      if (endClock < "23:59:59") {
        expect(upcoming).toContain(overnight.id);
        expect(past).not.toContain(overnight.id);
      }
    });

    it("counts as in session an event of yesterday that runs past midnight, until it ends", async () => {
      const today = localDate(new Date(), school.timezone);
      const { event } = await makeEvent(db(), school, new Date(), 60);
      await db()
        .update(events)
        .set({ date: addDays(today, -1), start_time: "23:00", end_time: "01:00" })
        .where(eq(events.id, event.id));
      const scope = await scopedAs(srv, "school_admin");
      const at = (minutes: number) => zonedToUtc(today, minutes, school.timezone);
      expect((await inSessionIds(scope, at(30))).has(event.id)).toBe(true);
      expect((await inSessionIds(scope, at(70))).has(event.id)).toBe(false);
      // and not tonight: the event was yesterday's
      expect((await inSessionIds(scope, at(23 * 60 + 30))).has(event.id)).toBe(false);
    });

    it("another school's event, an unknown and a malformed uuid are NOT_FOUND", async () => {
      const { event: foreign } = await makeEvent(db(), other, new Date(), 60);
      for (const q of [UPDATE, REMOVE, RESTORE]) {
        const e = await fails("school_admin", q, { id: foreign.id, title: "x" });
        expect(e).toMatchObject({ code: "NOT_FOUND", message: "Event not found" });
      }
      expect((await stored(foreign.id)).deleted_at).toBeNull();
      for (const uuid of [foreign.uuid, "not-a-uuid", "00000000-0000-4000-8000-000000000000"])
        expect(await fails("school_admin", EVENT, { uuid })).toMatchObject({ code: "NOT_FOUND" });
    });
  });

  describe("who may", () => {
    it("needs create_appointment and assign_appointment as stored for the role", async () => {
      const c = await create({ visibility: "public" });
      const team = await makeTeam(school.id, []);
      await db().update(roles).set({ create_appointment: false, assign_appointment: false }).where(eq(roles.id, 7));
      try {
        for (const [q, vars] of [
          [CREATE, base],
          [UPDATE, { id: c.id, title: "x" }],
          [REMOVE, { id: c.id }],
          [RESTORE, { id: c.id }],
          [UPGRADE, { e: c.id, s: 1 }],
          [TEAM, { t: team.id, e: c.id }],
        ] as const)
          expect((await fails("staff", q, vars)).code).toBe("FORBIDDEN");
      } finally {
        await db().update(roles).set({ create_appointment: true, assign_appointment: true }).where(eq(roles.id, 7));
      }
      expect((await stored(c.id)).title).toBe("Career fair");
    });

    it("roles 5-9 act only on events they see; a creator of those roles is assigned to the event", async () => {
      const hidden = await create({ title: "Private board meeting" });
      expect(await fails("judge", UPDATE, { id: hidden.id, title: "x" })).toMatchObject({ code: "NOT_FOUND" });
      expect(await fails("judge", EVENT, { uuid: hidden.uuid })).toMatchObject({ code: "NOT_FOUND" });
      const { createEvent: mine } = await ok("judge", CREATE, { ...base, title: "Judge's own" });
      const judge = (await srv.login("judge")).user;
      expect(await db().$count(userEvent, and(eq(userEvent.event_id, mine.id), eq(userEvent.user_id, judge.id)))).toBe(
        1,
      );
      expect((await ok("judge", UPDATE, { id: mine.id, title: "Judge's moot" })).updateEvent.title).toBe(
        "Judge's moot",
      );
      expect((await ok("judge", EVENT, { uuid: mine.uuid })).event.users.map((u: { id: number }) => u.id)).toEqual([
        judge.id,
      ]);
    });
  });

  describe("seats and the waitlist", () => {
    it("refuses a capacity below those attending; raising it moves the waitlist up in the order joined", async () => {
      const c = await create({ capacity: 2 });
      const [a, b, x, y, z] = await students3(5);
      await ok("school_admin", ADD, { e: c.id, ids: [a!.id, b!.id, x!.id, y!.id, z!.id] });
      const read = async () => (await ok("school_admin", EVENT, { uuid: c.uuid })).event;
      let e = await read();
      expect(e).toMatchObject({ attending_count: 2, waitlist_count: 3 });
      expect(e.students.map((s: { id: number }) => s.id).sort()).toEqual([a!.id, b!.id].sort());
      expect(e.waitlist.map((w: { position: number; student: { id: number } }) => [w.position, w.student.id])).toEqual([
        [1, x!.id],
        [2, y!.id],
        [3, z!.id],
      ]);
      const low = await fails("school_admin", UPDATE, { id: c.id, capacity: 1 });
      expect(low).toMatchObject({ code: "BAD_USER_INPUT", field: "capacity" });
      expect(low.message).toMatch(/2 students attending/);
      messages.length = 0;
      await ok("school_admin", UPDATE, { id: c.id, capacity: 4 });
      e = await read();
      expect(e).toMatchObject({ capacity: 4, attending_count: 4, waitlist_count: 1 });
      expect(e.waitlist.map((w: { student: { id: number } }) => w.student.id)).toEqual([z!.id]);
      expect((await linkOf(c.id, y!.id))?.in_waitlist).toBe(false);
      const push = messages.find((m) => m.type === "student.update" && m.attendable?.id === c.id);
      expect(push?.student_ids?.sort()).toEqual([x!.id, y!.id].sort());
    });

    it("a seat freed by a detach goes to the first waiting", async () => {
      const c = await create({ capacity: 1 });
      const [a, b, d] = await students3(3);
      await ok("school_admin", ADD, { e: c.id, ids: [a!.id, b!.id, d!.id] });
      await ok("school_admin", DETACH, { e: c.id, ids: [a!.id] });
      expect((await linkOf(c.id, b!.id))?.in_waitlist).toBe(false);
      expect((await linkOf(c.id, d!.id))?.in_waitlist).toBe(true);
    });

    it("upgradeStudent seats a waitlisted student when a seat is free, refuses when full naming event_id", async () => {
      const c = await create({ capacity: 2 });
      const [a, b, w] = await students3(3);
      await ok("school_admin", ADD, { e: c.id, ids: [a!.id, b!.id, w!.id] });
      const full = await fails("school_admin", UPGRADE, { e: c.id, s: w!.id });
      expect(full).toMatchObject({ code: "BAD_USER_INPUT", field: "event_id", message: "The event is full (2 of 2)" });
      expect(await fails("school_admin", UPGRADE, { e: c.id, s: a!.id })).toMatchObject({ field: "student_id" });
      const stranger = await makeStudent(db(), school.id);
      expect(await fails("school_admin", UPGRADE, { e: c.id, s: stranger.id })).toMatchObject({ field: "student_id" });
      // a seat free while someone waits (the seat's student left outside the calls): staff give it
      await db()
        .delete(studentEvent)
        .where(and(eq(studentEvent.event_id, c.id), eq(studentEvent.student_id, a!.id)));
      messages.length = 0;
      const { upgradeStudent: u } = await ok("school_admin", UPGRADE, { e: c.id, s: w!.id });
      expect(u).toEqual({ in_waitlist: false, status: null, event: { id: c.id } });
      expect((await linkOf(c.id, w!.id))?.in_waitlist).toBe(false);
      expect(messages.some((m) => m.attendable?.id === c.id && m.student_ids?.includes(w!.id))).toBe(true);
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "student.upgrade_event"), eq(auditLog.subject_id, w!.id)));
      expect(audit).toHaveLength(1);
    });

    it("upgradeStudent: another school's event or student is NOT_FOUND", async () => {
      const { event: foreign } = await makeEvent(db(), other, new Date(), 60);
      const mine = await create();
      const theirs = await makeStudent(db(), other.id, { events: [foreign.id] });
      expect(await fails("school_admin", UPGRADE, { e: foreign.id, s: theirs.id })).toMatchObject({
        code: "NOT_FOUND",
        message: "Event not found",
      });
      expect(await fails("school_admin", UPGRADE, { e: mine.id, s: theirs.id })).toMatchObject({
        code: "NOT_FOUND",
        message: "Student not found",
      });
    });
  });

  describe("addTeamToEvent", () => {
    it("signs up the team's live students, past capacity onto the waitlist; members already on it are not counted", async () => {
      const [a, b, c3, gone] = await students3(4);
      await db().update(students).set({ deleted_at: new Date() }).where(eq(students.id, gone!.id));
      const team = await makeTeam(school.id, [a!.id, b!.id, c3!.id, gone!.id]);
      const ev = await create({ capacity: 2 });
      await ok("school_admin", ADD, { e: ev.id, ids: [a!.id] });
      const { addTeamToEvent: r } = await ok("school_admin", TEAM, { t: team.id, e: ev.id });
      expect(r.changed).toBe(2);
      expect(r.student_ids.sort()).toEqual([b!.id, c3!.id].sort());
      expect(await linkOf(ev.id, gone!.id)).toBeUndefined();
      const e = (await ok("school_admin", EVENT, { uuid: ev.uuid })).event;
      expect(e).toMatchObject({ attending_count: 2, waitlist_count: 1 });
    });

    it("a restricted event takes only its team: another team with outsiders is refused naming team_id", async () => {
      const [a, b] = await students3(2);
      const club = await makeTeam(school.id, [a!.id]);
      const mixed = await makeTeam(school.id, [a!.id, b!.id]);
      const ev = await create({ restricted_by: club.id });
      const e = await fails("school_admin", TEAM, { t: mixed.id, e: ev.id });
      expect(e).toMatchObject({ code: "BAD_USER_INPUT", field: "team_id" });
      expect(await db().$count(studentEvent, eq(studentEvent.event_id, ev.id))).toBe(0);
      expect((await ok("school_admin", TEAM, { t: club.id, e: ev.id })).addTeamToEvent.student_ids).toEqual([a!.id]);
    });

    it("another school's team or event is NOT_FOUND", async () => {
      const { event: foreign } = await makeEvent(db(), other, new Date(), 60);
      const theirTeam = await makeTeam(other.id, []);
      const ourTeam = await makeTeam(school.id, []);
      const ours = await create();
      expect(await fails("school_admin", TEAM, { t: theirTeam.id, e: ours.id })).toMatchObject({
        code: "NOT_FOUND",
        message: "Team not found",
      });
      expect(await fails("school_admin", TEAM, { t: ourTeam.id, e: foreign.id })).toMatchObject({
        code: "NOT_FOUND",
        message: "Event not found",
      });
    });
  });

  describe("batched relations", () => {
    it("a page of events with counts, students, waitlist, users, location and restriction costs the same for 2 and 8", async () => {
      const tag = `B${Date.now()}`;
      const team = await makeTeam(school.id, []);
      const place = await makeLocation(db(), school.id);
      for (let i = 0; i < 8; i++) {
        const ev = await create({ title: `${tag} ${i}`, capacity: 1, location_id: place.id, restricted_by: null });
        const [a, b] = await students3(2);
        await ok("school_admin", ADD, { e: ev.id, ids: [a!.id, b!.id] });
        await db().update(events).set({ restricted_by: team.id }).where(eq(events.id, ev.id));
      }
      const q = (n: number) => `{ events(query: "${tag}", per_page: ${n}) { total data { id attending_count
        waitlist_count public_url students { id } waitlist { position student { id } } users { id }
        location { id name } restriction { id name } } } }`;
      const statements = async (n: number) => {
        const before = srv.database.statements();
        const data = await ok("school_admin", q(n));
        expect(data.events.data).toHaveLength(n);
        expect(data.events.data[0].waitlist).toHaveLength(1);
        return srv.database.statements() - before;
      };
      await statements(2);
      const small = await statements(2);
      const large = await statements(8);
      console.log(`${kind}: events with every relation: ${small} statements for 2, ${large} for 8`);
      expect(large).toBe(small);
    });
  });
});
