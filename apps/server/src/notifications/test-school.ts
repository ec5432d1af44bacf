/** Test-only: a school in a zone with users of every notification choice, for the scheduler's tests. */
import { randomBytes } from "node:crypto";
import { STATUS } from "@rollbook/domain";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema/index.ts";

let seq = 0;

type UserChoices = Partial<typeof t.users.$inferInsert>;

/**
 * A school with a weekday course at 09:00, two students (one named `<script>`), and users:
 * daily (daily recap), weekly (weekly recap and start-up), filtered (daily recap, alert_filter
 * naming another course), quiet (linked, no recap), inactive (daily recap, not active), all
 * linked to the course; and coach (daily recap), linked to the `<script>` student's team only.
 */
export async function recapSchool(db: Db, timezone: string) {
  const n = ++seq;
  const tag = `${n}-${randomBytes(3).toString("hex")}`;
  const [school] = await db
    .insert(t.schools)
    .values({ name: `Recap School ${tag} & Co`, timezone })
    .returning();
  const sid = school!.id;
  const [course] = await db
    .insert(t.courses)
    .values({
      school_id: sid,
      title: `Recap Biology ${tag}`,
      start_time: "09:00",
      end_time: "09:50",
      meet_mon: true,
      meet_tue: true,
      meet_wed: true,
      meet_thu: true,
      meet_fri: true,
      is_indefinite: true,
    })
    .returning();
  const student = async (first_name: string, last_name: string) =>
    (
      await db
        .insert(t.students)
        .values({
          school_id: sid,
          first_name,
          last_name,
          token: `r-${randomBytes(9).toString("base64url")}`,
          offline_code: "JBSWY3DPEHPK3PXP",
        })
        .returning()
    )[0]!;
  const evil = await student("<script>alert(1)</script>", "Evil");
  const good = await student("Ann", `Present${tag}`);
  const [team] = await db
    .insert(t.teams)
    .values({ school_id: sid, name: `Recap Rowing ${tag}` })
    .returning();
  await db.insert(t.studentTeam).values({ student_id: evil.id, team_id: team!.id });
  const user = async (name: string, choices: UserChoices, link = true) => {
    const [u] = await db
      .insert(t.users)
      .values({
        school_id: sid,
        role_id: 6,
        first_name: name,
        email: `${name}.${tag}@recap.test`,
        absent_email: false,
        ...choices,
      })
      .returning();
    if (link) await db.insert(t.userCourse).values({ user_id: u!.id, course_id: course!.id });
    return u!;
  };
  const users = {
    daily: await user("daily", { daily_recap_email: true }),
    weekly: await user("weekly", { weekly_recap_email: true, weekly_startup_email: true }),
    filtered: await user("filtered", {
      daily_recap_email: true,
      weekly_recap_email: true,
      weekly_startup_email: true,
      alert_filter: ["course:999999"],
    }),
    quiet: await user("quiet", { absent_email: true, late_email: true }),
    inactive: await user("inactive", { daily_recap_email: true, active: false }),
    // linked through the team only, and filtered to it
    coach: await user("coach", { daily_recap_email: true, alert_filter: [`team:${team!.id}`] }, false),
  };
  await db.insert(t.userTeam).values({ user_id: users.coach.id, team_id: team!.id });
  /** a final status of a student in the course on a date */
  const status = (studentId: number, meets: string, s: number) =>
    db.insert(t.attendance).values({
      school_id: sid,
      student_id: studentId,
      attendable_type: "course",
      attendable_id: course!.id,
      meets,
      status: s,
      finished: true,
    });
  return { school: school!, course: course!, team: team!, evil, good, users, status, STATUS };
}
