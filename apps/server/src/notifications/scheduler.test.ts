import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zonedToUtc } from "@rollbook/domain";
import { and, eq, inArray, like } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher } from "../../../../e2e/support/mail-catcher.ts";
import { Mailbox } from "../../../../e2e/support/mailbox.ts";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { openDatabase } from "../db/client.ts";
import * as t from "../db/schema/index.ts";
import { createMailer } from "../mail/mailer.ts";
import { runNotifications } from "./scheduler.ts";
import { recapSchool } from "./test-school.ts";

const silent = pino({ level: "silent" }) as unknown as FastifyBaseLogger;
/** an instant given as a school-local date and "HH:MM" */
const local = (date: string, hhmm: string, tz: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return zonedToUtc(date, h * 60 + m, tz);
};
const AUCKLAND = "Pacific/Auckland";
const LOS_ANGELES = "America/Los_Angeles";
// a Monday: daily recap of Sunday, weekly recap of 23-29 November, the week ahead 30 Nov - 6 Dec
const MONDAY = "2026-11-30";

type School = Awaited<ReturnType<typeof recapSchool>>;

describe.each(DATABASES)("recap and start-up mails on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());
  const db = () => srv.services.db;

  /** the school's users' queued mails, as [first name, subject] */
  async function mailsOf(school: School) {
    const emails = Object.values(school.users).map((u) => u.email);
    const rows = await db()
      .select()
      .from(t.mailOutbox)
      .where(inArray(t.mailOutbox.to, emails))
      .orderBy(t.mailOutbox.id);
    return rows.map((r) => ({ ...r, who: r.to.split(".")[0] as string }));
  }
  const kinds = (rows: Awaited<ReturnType<typeof mailsOf>>) =>
    rows.map((r) => `${r.who}: ${r.subject.split(":")[0]}`).sort();

  /** Sunday's absence, and last week's statuses (Evil: 2 absences of 3, Ann: present once) */
  async function withWeek(school: School) {
    const { evil, good, status, STATUS } = school;
    await status(evil.id, "2026-11-24", STATUS.absent);
    await status(evil.id, "2026-11-25", STATUS.present);
    await status(good.id, "2026-11-24", STATUS.present);
    await status(evil.id, "2026-11-29", STATUS.absent);
  }

  it("sends each kind at 06:00 school time on Monday, to exactly the users who asked and whose filter lets it through", async () => {
    const nz = await recapSchool(db(), AUCKLAND);
    const la = await recapSchool(db(), LOS_ANGELES);
    await withWeek(nz);
    await withWeek(la);

    // 05:59 in Auckland is Sunday 08:59 in Los Angeles: Saturday had no absence there, nothing to tell
    await runNotifications(srv.services, local(MONDAY, "05:59", AUCKLAND));
    expect(await mailsOf(nz)).toEqual([]);
    expect(await mailsOf(la)).toEqual([]);

    await runNotifications(srv.services, local(MONDAY, "06:00", AUCKLAND));
    expect(kinds(await mailsOf(nz))).toEqual([
      "coach: Daily recap",
      "daily: Daily recap",
      "weekly: Weekly recap",
      "weekly: Your week ahead",
    ]);
    expect(await mailsOf(la)).toEqual([]);

    // Los Angeles' Monday morning comes 21 hours later
    await runNotifications(srv.services, local(MONDAY, "05:59", LOS_ANGELES));
    expect(await mailsOf(la)).toEqual([]);
    await runNotifications(srv.services, local(MONDAY, "06:00", LOS_ANGELES));
    expect(kinds(await mailsOf(la))).toEqual([
      "coach: Daily recap",
      "daily: Daily recap",
      "weekly: Weekly recap",
      "weekly: Your week ahead",
    ]);

    const mails = await mailsOf(nz);
    const daily = mails.find((m) => m.who === "daily")!;
    expect(mails.find((m) => m.who === "coach")?.text).toContain("<script>alert(1)</script> Evil");
    expect(daily.subject).toBe("Daily recap: absences on 2026-11-29");
    expect(daily.text).toContain(nz.school.name);
    expect(daily.text).toContain(`Absences (1):\n- <script>alert(1)</script> Evil, ${nz.course.title}`);
    expect(daily.text).not.toContain("Ann");
    const weekly = mails.find((m) => m.subject.startsWith("Weekly recap"))!;
    expect(weekly.subject).toBe("Weekly recap: 2026-11-23 to 2026-11-29");
    expect(weekly.text).toContain("<script>alert(1)</script> Evil: 2 absences, APA 33.3%");
    expect(weekly.text).toContain(`Ann ${nz.good.last_name}: 0 absences, APA 100%`);
    const ahead = mails.find((m) => m.subject.startsWith("Your week ahead"))!;
    expect(ahead.subject).toBe("Your week ahead: 2026-11-30 to 2026-12-06");
    expect(ahead.text).toContain(
      `${nz.course.title}, 09:00-09:50: Mon 2026-11-30, Tue 2026-12-01, Wed 2026-12-02, Thu 2026-12-03, Fri 2026-12-04`,
    );
  });

  it("escapes every value in the HTML part, and both parts carry the school's name and the unsubscribe link", async () => {
    const nz = await recapSchool(db(), AUCKLAND);
    await nz.status(nz.evil.id, "2026-12-07", nz.STATUS.absent);
    await runNotifications(srv.services, local("2026-12-08", "06:30", AUCKLAND));
    const mail = (await mailsOf(nz)).find((m) => m.who === "daily");
    const html = mail?.html ?? "";
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Evil");
    expect(html).not.toContain("<script>");
    expect(html).toContain(nz.school.name.replace("&", "&amp;"));
    const unsubscribe = `${srv.services.publicUrl}/Profile?tab=notifications`;
    expect(html).toContain(`<a href="${unsubscribe}">`);
    expect(mail?.text).toContain(`Unsubscribe or change these e-mails: ${unsubscribe}`);
    expect(mail?.text).toContain(nz.school.name);
    expect(mail?.text).not.toContain("<p>");
  });

  it("a second run, and two schedulers at once (two pools on PostgreSQL), queue each mail once", async () => {
    const nz = await recapSchool(db(), AUCKLAND);
    await nz.status(nz.evil.id, "2026-12-01", nz.STATUS.absent);
    const at = local("2026-12-02", "06:00", AUCKLAND);
    // the other "process": its own pool and mailer over the same database
    const second = srv.databaseUrl ? await openDatabase({ url: srv.databaseUrl }) : null;
    const other = second
      ? { ...srv.services, db: second.db, mailer: createMailer(second.db, silent, srv.services.config) }
      : srv.services;
    try {
      await Promise.all([runNotifications(srv.services, at), runNotifications(other, at)]);
      await runNotifications(srv.services, new Date(at.getTime() + 60_000));
      await runNotifications(other, new Date(at.getTime() + 3_600_000));
    } finally {
      await second?.close();
    }
    expect(kinds(await mailsOf(nz))).toEqual(["coach: Daily recap", "daily: Daily recap"]);
    const claims = await db()
      .select()
      .from(t.notificationClaims)
      .where(
        and(
          eq(t.notificationClaims.recipient, `user:${nz.users.daily.id}`),
          eq(t.notificationClaims.kind, "daily_recap"),
        ),
      );
    expect(claims.map((c) => c.period)).toEqual(["2026-12-02"]);
  });

  it("the demo school's users of every role make different notification choices, every kind chosen by someone", async () => {
    const demo = await db().select().from(t.users).where(like(t.users.email, "%@demo.rollbook.test"));
    expect(new Set(demo.map((u) => u.role_id)).size).toBe(9);
    const flags = [
      "late_email",
      "absent_email",
      "tardy_absent_email",
      "pindrop_email",
      "daily_recap_email",
      "weekly_startup_email",
      "weekly_recap_email",
      "prefers_sms",
    ] as const;
    for (const f of flags)
      expect(
        demo.some((u) => u[f]),
        f,
      ).toBe(true);
    const choices = demo.map((u) => JSON.stringify([...flags.map((f) => u[f]), u.alert_filter]));
    expect(new Set(choices).size).toBeGreaterThanOrEqual(8);
    expect(demo.some((u) => u.alert_filter.length > 0)).toBe(true);
  });

  it("a recap goes end to end through the relay to an SMTP server, as text and HTML", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rollbook-recap-mail-"));
    const catcher = await startMailCatcher(dir);
    const withSmtp = await startServer(kind, { SMTP_URL: `smtp://127.0.0.1:${catcher.port}` });
    try {
      const la = await recapSchool(withSmtp.services.db, LOS_ANGELES);
      await la.status(la.evil.id, "2026-12-03", la.STATUS.absent);
      const since = Date.now();
      const run = await runNotifications(withSmtp.services, local("2026-12-04", "06:01", LOS_ANGELES));
      expect(run.queued).toBeGreaterThanOrEqual(1);
      const mail = await new Mailbox(dir).waitFor({ to: la.users.daily.email, subject: /Daily recap/, since });
      expect(mail.subject).toBe("Daily recap: absences on 2026-12-03");
      expect(mail.text).toContain(la.school.name);
      // the text part of a multipart/alternative message (the catcher keeps that one)
      expect(mail.text).not.toContain("<html");
      expect(mail.text).toContain("<script>alert(1)</script> Evil");
      expect(mail.text).toContain(`${withSmtp.services.publicUrl}/Profile?tab=notifications`);
      // the relay records sent_at once the SMTP server has answered
      const sentRow = async () =>
        (await withSmtp.services.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, la.users.daily.email)))[0];
      const deadline = Date.now() + 5000;
      while (!(await sentRow())?.sent_at && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const row = await sentRow();
      expect(row?.sent_at).not.toBeNull();
      expect(row?.html).toContain("&lt;script&gt;");
      // the team's coach gets theirs too, nobody else of the school
      await new Mailbox(dir).waitFor({ to: la.users.coach.email, subject: /Daily recap/, since });
      const caught = (await new Mailbox(dir).all()).flatMap((m) => m.to).filter((a) => a.endsWith("@recap.test"));
      expect(caught.sort()).toEqual([la.users.coach.email, la.users.daily.email].map((a) => a.toLowerCase()).sort());
    } finally {
      await withSmtp.close();
      await catcher.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
