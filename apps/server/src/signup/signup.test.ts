import { addDays, localDate, SIGNUP_NOT_OPEN, SIGNUP_REQUEST_ANSWER } from "@rollbook/domain";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { lastMailId, mailedTo } from "../../test/outbox.ts";
import { whileTableLocked } from "../../test/table-lock.ts";
import { sha256 } from "../auth/tokens.ts";
import {
  eventSignupTokens,
  events,
  mailOutbox,
  studentEvent,
  students,
  studentTeam,
  teams,
} from "../db/schema/index.ts";
import { MIN, makeEvent, makeLocation, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { isPush, type PushBus, type PushMessage } from "../realtime/messages.ts";

type School = { id: number; timezone: string };
let seq = 0;

/** The public event signup over real HTTP, on every database (issue 11, decision 0700). */
describe.each(ONE_DATABASE)("public event signup on %s", (kind) => {
  let srv: TestServer;
  let school: School;
  let other: School;
  const messages: PushMessage[] = [];

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
    (srv.services.bus as PushBus).subscribe((m) => isPush(m) && messages.push(m));
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const get = async (path: string) => {
    const res = await fetch(srv.url + path, { headers: { accept: "application/json" } });
    return { status: res.status, body: (await res.json()) as any };
  };
  const post = async (path: string, body: unknown) => {
    const res = await srv.post(path, body);
    return { status: res.status, body: (await res.json()) as any };
  };
  const base = (uuid: string) => `/api/v2/signup/${uuid}`;

  /** A public event a month ahead (open, cutoff far away). */
  async function publicEvent(extra: Partial<typeof events.$inferInsert> = {}, s: School = school) {
    const place = await makeLocation(db(), s.id);
    const [e] = await db()
      .insert(events)
      .values({
        school_id: s.id,
        location_id: place.id,
        title: `Open house ${++seq}`,
        description: "Tour the campus",
        date: addDays(localDate(new Date(), s.timezone), 30),
        start_time: "14:00",
        end_time: "16:00",
        visibility: "public",
        ...extra,
      })
      .returning();
    return e!;
  }
  async function student(s: School = school, extra: Partial<typeof students.$inferInsert> = {}) {
    const row = await makeStudent(db(), s.id);
    const email = `signup-${row.id}@school.example`;
    await db()
      .update(students)
      .set({ email, school_identifier: `SID-${row.id}`, ...extra })
      .where(eq(students.id, row.id));
    return { ...row, email, school_identifier: `SID-${row.id}` };
  }
  const mailsTo = (to: string) =>
    db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  /** Everything the requests answered so far handed over for after their answer has run (decision 0701). */
  const settled = () => srv.services.afterAnswer.settled();
  /** The secret of the signup link for `uuid` in the newest mail to `to` after mail `afterId`, waited for. */
  const linkMailed = (uuid: string, to: string, afterId: number) =>
    mailedTo(db(), to, afterId, (text) => new RegExp(`/EventSignup/${uuid}\\?token=([\\w-]+)`).exec(text)?.[1]);
  /** Asks for a link and reads the secret from the mail, as the student would. */
  async function linkFor(uuid: string, who: { email: string }, identifier = who.email): Promise<string> {
    const before = await lastMailId(db());
    const r = await post(base(uuid), { identifier });
    expect(r).toEqual({ status: 202, body: { message: SIGNUP_REQUEST_ANSWER } });
    return linkMailed(uuid, who.email, before);
  }
  const linkOf = async (eventId: number, studentId: number) =>
    (
      await db()
        .select()
        .from(studentEvent)
        .where(and(eq(studentEvent.event_id, eventId), eq(studentEvent.student_id, studentId)))
    )[0];

  describe("the event page", () => {
    it("shows a live public event that has not ended", async () => {
      const e = await publicEvent({ capacity: 10, drop_cutoff: 120 });
      await makeStudent(db(), school.id, { events: [e.id] });
      const r = await get(base(e.uuid));
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({
        uuid: e.uuid,
        title: e.title,
        description: "Tour the campus",
        date: e.date,
        start_time: "14:00",
        end_time: "16:00",
        timezone: school.timezone,
        location: expect.stringMatching(/^Test room/),
        seats_left: 9,
        capacity: 10,
        waitlist_count: 0,
        drop_cutoff: 120,
      });
    });

    it("answers the same 404 for private, past, removed, unknown and malformed events", async () => {
      const privateOne = await publicEvent({ visibility: "private" });
      const past = await publicEvent({ date: addDays(localDate(new Date(), school.timezone), -1) });
      const removed = await publicEvent({ deleted_at: new Date() });
      const { event: ended } = await makeEvent(db(), school, new Date(Date.now() - 90 * MIN), 60);
      await db().update(events).set({ visibility: "public" }).where(eq(events.id, ended.id));
      for (const uuid of [
        privateOne.uuid,
        past.uuid,
        removed.uuid,
        ended.uuid,
        "00000000-0000-4000-8000-000000000000",
        "not-a-uuid",
      ]) {
        expect(await get(base(uuid))).toEqual({ status: 404, body: { message: SIGNUP_NOT_OPEN } });
        const r = await post(base(uuid), { identifier: "someone@school.example" });
        expect(r).toEqual({ status: 404, body: { message: SIGNUP_NOT_OPEN } });
      }
    });
  });

  describe("asking for a link", () => {
    it("refuses only the identifier's shape, naming it", async () => {
      const e = await publicEvent();
      for (const identifier of ["", "   ", "x".repeat(255), 42]) {
        const r = await post(base(e.uuid), { identifier });
        expect(r.status).toBe(400);
        expect(Object.keys(r.body.errors)).toEqual(["identifier"]);
      }
      expect((await post(base(e.uuid), {})).body.errors.identifier).toEqual(["is required"]);
    });

    it("answers the same whether or not it names a student; mails only a live student of the school", async () => {
      const e = await publicEvent();
      const mine = await student();
      const removed = await student(school, { deleted_at: new Date() });
      const theirs = await student(other);
      const before = await db().$count(mailOutbox);
      for (const identifier of ["nobody@school.example", removed.email, theirs.email, theirs.school_identifier]) {
        expect(await post(base(e.uuid), { identifier })).toEqual({
          status: 202,
          body: { message: SIGNUP_REQUEST_ANSWER },
        });
      }
      await settled();
      expect(await db().$count(mailOutbox)).toBe(before);
      expect(await db().$count(eventSignupTokens, eq(eventSignupTokens.event_id, e.id))).toBe(0);
      // by e-mail (any case) and by school identifier: a mail each, only a hash kept
      const secret = await linkFor(e.uuid, mine, mine.email.toUpperCase());
      await linkFor(e.uuid, mine, mine.school_identifier);
      const stored = await db().select().from(eventSignupTokens).where(eq(eventSignupTokens.event_id, e.id));
      expect(stored).toHaveLength(2);
      expect(stored.map((t) => t.token_hash)).toContain(sha256(secret));
      expect(stored.every((t) => !t.token_hash.includes(secret) && t.student_id === mine.id)).toBe(true);
      const ttl = stored[0]!.expires_at.getTime() - Date.now();
      expect(ttl).toBeGreaterThan(23 * 60 * MIN);
      expect(ttl).toBeLessThanOrEqual(24 * 60 * MIN);
      // nothing joined yet: the link confirms
      expect(await linkOf(e.id, mine.id)).toBeUndefined();
    });

    // Another connection holds the table of links: the answer must not wait for the link's write,
    // or it comes later for an identifier that names a student than for one that does not.
    // Not a timing assertion: before, the request could not be answered until the lock was let go.
    it.runIf(kind === "postgres")("answers before it looks the student up and writes the link", async () => {
      const e = await publicEvent();
      const known = await student();
      const before = await lastMailId(db());
      await whileTableLocked(srv.databaseUrl, "event_signup_tokens", async () => {
        const res = await fetch(srv.url + base(e.uuid), {
          method: "POST",
          headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
          body: JSON.stringify({ identifier: known.school_identifier }),
          signal: AbortSignal.timeout(8000),
        });
        expect(res.status).toBe(202);
        expect(await res.json()).toEqual({ message: SIGNUP_REQUEST_ANSWER });
        expect(await lastMailId(db())).toBe(before);
      });
      // once the table is free, the link is written and mailed, and it confirms
      const token = await linkMailed(e.uuid, known.email, before);
      expect((await post(`${base(e.uuid)}/confirm`, { token })).body.data.state).toBe("attending");
    });

    it("a restricted event mails only students of its team", async () => {
      const [team] = await db().insert(teams).values({ school_id: school.id, name: "Chess club" }).returning();
      const e = await publicEvent({ restricted_by: team!.id });
      const member = await student();
      const outsider = await student();
      await db().insert(studentTeam).values({ student_id: member.id, team_id: team!.id });
      await post(base(e.uuid), { identifier: outsider.email });
      await settled();
      expect(await mailsTo(outsider.email)).toHaveLength(0);
      await linkFor(e.uuid, member);
    });

    it("needs the XHR marker like every REST write", async () => {
      const e = await publicEvent();
      const res = await fetch(srv.url + base(e.uuid), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identifier: "a@b.c" }),
      });
      expect(res.status).toBe(403);
    });
  });

  describe("confirm, status, drop", () => {
    it("seats up to capacity, then the waitlist with places; idempotent; a drop moves the first waiting up", async () => {
      const e = await publicEvent({ capacity: 1 });
      const [a, b, c] = [await student(), await student(), await student()];
      const [ta, tb, tc] = [await linkFor(e.uuid, a), await linkFor(e.uuid, b), await linkFor(e.uuid, c)];
      const status = async (t: string) => (await get(`${base(e.uuid)}/status?token=${t}`)).body.data;
      expect(await status(ta)).toMatchObject({ state: "none", position: null });
      messages.length = 0;
      const first = await post(`${base(e.uuid)}/confirm`, { token: ta });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ state: "attending", position: null });
      expect(new Date(first.body.data.drop_until).getTime()).toBeGreaterThan(Date.now());
      expect(messages.some((m) => m.attendable?.id === e.id && m.student_ids?.includes(a.id))).toBe(true);
      expect((await post(`${base(e.uuid)}/confirm`, { token: ta })).body.data.state).toBe("attending");
      expect((await post(`${base(e.uuid)}/confirm`, { token: tb })).body.data).toMatchObject({
        state: "waitlisted",
        position: 1,
      });
      expect((await post(`${base(e.uuid)}/confirm`, { token: tc })).body.data).toMatchObject({
        state: "waitlisted",
        position: 2,
      });
      expect((await get(base(e.uuid))).body.data).toMatchObject({ seats_left: 0, waitlist_count: 2 });
      const dropped = await post(`${base(e.uuid)}/drop`, { token: ta });
      expect(dropped.body.data).toMatchObject({ state: "none", position: null });
      expect(await status(tb)).toMatchObject({ state: "attending", position: null });
      expect(await status(tc)).toMatchObject({ state: "waitlisted", position: 1 });
      expect((await post(`${base(e.uuid)}/drop`, { token: ta })).body.data.state).toBe("none");
      // a waitlisted student dropping frees nothing
      expect((await post(`${base(e.uuid)}/drop`, { token: tc })).body.data.state).toBe("none");
      expect((await linkOf(e.id, b.id))?.in_waitlist).toBe(false);
      expect(await db().$count(studentEvent, eq(studentEvent.event_id, e.id))).toBe(1);
    });

    it("a bad, expired or other event's token is 404", async () => {
      const e = await publicEvent();
      const f = await publicEvent();
      const s = await student();
      const t = await linkFor(e.uuid, s);
      for (const [uuid, tok] of [
        [e.uuid, "nope"],
        [f.uuid, t],
      ]) {
        expect((await get(`${base(uuid!)}/status?token=${tok}`)).status).toBe(404);
        expect((await post(`${base(uuid!)}/confirm`, { token: tok })).status).toBe(404);
        expect((await post(`${base(uuid!)}/drop`, { token: tok })).status).toBe(404);
      }
      expect((await get(`${base(e.uuid)}/status`)).status).toBe(404);
      await db()
        .update(eventSignupTokens)
        .set({ expires_at: new Date(Date.now() - 1000) });
      expect((await post(`${base(e.uuid)}/confirm`, { token: t })).status).toBe(404);
      expect(await linkOf(e.id, s.id)).toBeUndefined();
    });

    it("refuses dropping (and joining) after drop_cutoff minutes before the start, naming drop_cutoff", async () => {
      const start = new Date(Date.now() + 120 * MIN);
      const { event: soon } = await makeEvent(db(), school, start, 60);
      await db().update(events).set({ visibility: "public", drop_cutoff: 240 }).where(eq(events.id, soon.id));
      const [a, b] = [await student(), await student()];
      // asking is refused already: the cutoff has passed (no mail)
      const asked = await post(base(soon.uuid), { identifier: a.email });
      expect(asked.status).toBe(400);
      expect(asked.body.errors.drop_cutoff[0]).toMatch(/^Signup closed at \d\d:\d\d on /);
      await settled();
      expect(await mailsTo(a.email)).toHaveLength(0);
      // a link from before the cutoff: the seat is kept, the drop refused
      await db().update(events).set({ drop_cutoff: 0 }).where(eq(events.id, soon.id));
      const tb = await linkFor(soon.uuid, b);
      expect((await post(`${base(soon.uuid)}/confirm`, { token: tb })).body.data.state).toBe("attending");
      await db().update(events).set({ drop_cutoff: 240 }).where(eq(events.id, soon.id));
      const r = await post(`${base(soon.uuid)}/drop`, { token: tb });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^Dropping closed at \d\d:\d\d on \d{4}-\d\d-\d\d \(/);
      expect(r.body.errors.drop_cutoff).toEqual([r.body.message]);
      expect((await linkOf(soon.id, b.id))?.in_waitlist).toBe(false);
    });
  });

  describe("rate limit", () => {
    it("limits the signup writes per address", async () => {
      const limited = await startServer(kind, { AUTH_RATE_LIMIT: "3" });
      try {
        const [e] = await limited.services.db
          .insert(events)
          .values({
            school_id: school.id,
            title: "Limited",
            date: addDays(localDate(new Date(), school.timezone), 30),
            start_time: "10:00",
            end_time: "11:00",
            visibility: "public",
          })
          .returning();
        const codes: number[] = [];
        for (let i = 0; i < 4; i++)
          codes.push((await limited.post(`/api/v2/signup/${e!.uuid}`, { identifier: `x${i}@school.example` })).status);
        expect(codes).toEqual([202, 202, 202, 429]);
        const refused = await limited.post(`/api/v2/signup/${e!.uuid}/confirm`, { token: "x" });
        expect(refused.status).toBe(429);
        expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      } finally {
        await limited.close();
      }
    });
  });
});
