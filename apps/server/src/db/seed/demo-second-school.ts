import { addDays, courseSessionOn, INVITATION_TTL_MS, localDate, ROLES, STATUS, zonedToUtc } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { linkSecretHash } from "../../auth/tokens.ts";
import { refreshApa } from "../../engine/finalise/apa.ts";
import type { Db } from "../client.ts";
import * as t from "../schema/index.ts";
import { closeEndedEvents, markFinalised } from "./closed-sessions.ts";
import { rng } from "./random.ts";

export const SECOND_DOMAIN = "lakeside.demo.rollbook.test";
/** Sign-ins of the second school: `<role>@lakeside.demo.rollbook.test` (never clash with the first school's). */
export const secondEmail = (roleName: string) => `${roleName}@${SECOND_DOMAIN}`;

const ALL_DAYS = { meet_sun: true, meet_mon: true, meet_tue: true, meet_wed: true, meet_thu: true, meet_fri: true };

/**
 * The small second demo school (decision 0430): its own location, courses, events, teams,
 * students, users of roles 2-9 with assignments, two weeks of attendance with overrides,
 * tasks, tiles and an open invitation. It exists so that the tenant matrix has rows of
 * another school to ask for; it is seeded after the first school, from its own random
 * sequence, so the first school's rows and ids do not change.
 */
export async function seedSecondSchool(
  db: Db,
  opts: { school: typeof t.schools.$inferSelect; password_hash: string; now: Date; seed: number },
) {
  const r = rng(opts.seed);
  const sid = opts.school.id;
  const tz = opts.school.timezone;
  const today = localDate(opts.now, tz);
  const from = addDays(today, -14);

  await db.insert(t.schoolClosures).values({
    school_id: sid,
    title: "Lakeside spring break",
    start_date: addDays(today, 60),
    end_date: addDays(today, 66),
  });
  const [loc] = await db
    .insert(t.locations)
    .values({ school_id: sid, name: "Lakeside Hall", latitude: 41.8781, longitude: -87.6298, radius: 70 })
    .returning();
  if (!loc) throw new Error("second school location not created");
  await db.insert(t.beacons).values({
    school_id: sid,
    name: "Lakeside Hall door",
    factory_id: `LK-${r.token(8, "0123456789ABCDEF")}`,
    location_id: loc.id,
  });

  const base = {
    school_id: sid,
    location_id: loc.id,
    semester_start: addDays(today, -42),
    semester_end: addDays(today, 56),
  };
  const courseList = await db
    .insert(t.courses)
    .values([
      {
        ...base,
        crn: "70100",
        course_number: "LAL 101",
        title: "Lakeside Algebra",
        start_time: "09:00",
        end_time: "09:50",
        meet_mon: true,
        meet_wed: true,
        meet_fri: true,
      },
      {
        ...base,
        crn: "70200",
        course_number: "LBI 110",
        title: "Lakeside Biology",
        start_time: "13:00",
        end_time: "14:15",
        meet_tue: true,
        meet_thu: true,
      },
      // in session at any hour, so a check-in into another school's session can be tried at any time
      {
        ...base,
        crn: "70999",
        course_number: "LOL 001",
        title: "Lakeside Open Lab",
        start_time: "00:00",
        end_time: "23:59",
        semester_end: null,
        is_indefinite: true,
        ...ALL_DAYS,
        meet_sat: true,
        late_time: 24 * 60,
        absent_time: 24 * 60,
        min_percentage: 0,
      },
    ])
    .returning();
  const teamList = await db
    .insert(t.teams)
    .values([
      { school_id: sid, name: "Lakeside Rowing", tag: "ROW", is_sport: true },
      { school_id: sid, name: "Lakeside Chess Club", tag: "CHS", is_sport: false },
    ])
    .returning();
  const eventList = await db
    .insert(t.events)
    .values([
      {
        school_id: sid,
        ern: "L100",
        location_id: loc.id,
        title: "Lakeside Open Day",
        date: addDays(today, 5),
        start_time: "10:00",
        end_time: "12:00",
        visibility: "public",
      },
      {
        school_id: sid,
        ern: "L101",
        location_id: loc.id,
        title: "Lakeside Tutoring",
        date: addDays(today, -3),
        // made and signed up for before it took place: the finaliser counts those signed up by its end
        created_at: zonedToUtc(addDays(today, -17), 9 * 60, tz),
        start_time: "15:00",
        end_time: "16:00",
        visibility: "private",
      },
    ])
    .returning();

  const names = ["Ada", "Ben", "Cleo", "Dev", "Esme", "Finn", "Gia", "Hugo", "Iris", "Jude"];
  const studentList = await db
    .insert(t.students)
    .values(
      names.map((first, i) => ({
        school_id: sid,
        first_name: first,
        last_name: "Lakeside",
        email: `${first.toLowerCase()}.${i + 1}@students.${SECOND_DOMAIN}`,
        school_identifier: `L${String(500 + i)}`,
        token: r.token(10),
        offline_code: r.token(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
        age: r.int(18, 30),
      })),
    )
    .returning();
  const [algebra, biology, lab] = courseList as [
    (typeof courseList)[number],
    (typeof courseList)[number],
    (typeof courseList)[number],
  ];
  const enrol = studentList.flatMap((s, i) => [
    { student_id: s.id, course_id: i % 2 === 0 ? algebra.id : biology.id },
    ...(i < 6 ? [{ student_id: s.id, course_id: lab.id }] : []),
  ]);
  await db.insert(t.studentCourse).values(enrol);
  await db
    .insert(t.studentTeam)
    .values([
      ...studentList
        .slice(0, 4)
        .map((s) => ({ student_id: s.id, team_id: (teamList[0] as (typeof teamList)[number]).id })),
      ...studentList
        .slice(4, 7)
        .map((s) => ({ student_id: s.id, team_id: (teamList[1] as (typeof teamList)[number]).id })),
    ]);
  // a rowing regatta next week and a cancelled algebra date: the other school has travel and
  // cancellations too, so that the tenant matrix can try them (decision 0700)
  const rowing = teamList[0] as (typeof teamList)[number];
  const [regatta] = await db
    .insert(t.travel)
    .values({
      team_id: rowing.id,
      start_date: zonedToUtc(addDays(today, 8), 6 * 60, tz),
      end_date: zonedToUtc(addDays(today, 8), 20 * 60, tz),
      notes: "Regatta",
      is_away: true,
    })
    .returning();
  if (regatta)
    await db
      .insert(t.studentTravel)
      .values(studentList.slice(0, 4).map((s) => ({ student_id: s.id, travel_id: regatta.id })));
  for (let d = addDays(today, 1); d < addDays(today, 15); d = addDays(d, 1)) {
    if (!courseSessionOn(algebra, d, tz)) continue;
    await db.insert(t.cancellations).values({ course_id: algebra.id, date: d, notes: "Lakeside staff day" });
    break;
  }
  await db.insert(t.studentEvent).values([
    ...studentList.slice(0, 3).map((s) => ({
      student_id: s.id,
      event_id: (eventList[0] as (typeof eventList)[number]).id,
      in_waitlist: false,
    })),
    ...studentList.slice(5, 8).map((s) => ({
      student_id: s.id,
      event_id: (eventList[1] as (typeof eventList)[number]).id,
      in_waitlist: false,
      created_at: zonedToUtc(addDays(today, -10), 9 * 60, tz),
    })),
  ]);

  // roles 2-9 (the school admin, role 3, is inserted by the caller and kept as it was)
  const userList = await db
    .insert(t.users)
    .values(
      ROLES.filter((role) => role.id >= 2 && role.id !== 3).map((role) => ({
        school_id: sid,
        role_id: role.id,
        first_name: "Lake",
        last_name: role.display_name,
        email: secondEmail(role.name),
        password_hash: opts.password_hash,
      })),
    )
    .returning();
  const byRole = (id: number) => userList.find((u) => u.role_id === id) as (typeof userList)[number];
  const [advisor, professor, coach, counselor, caseManager] = [5, 6, 7, 8, 9].map(
    byRole,
  ) as (typeof userList)[number][];
  if (!advisor || !professor || !coach || !counselor || !caseManager) throw new Error("second school users missing");
  await db.insert(t.userCourse).values([
    { user_id: advisor.id, course_id: algebra.id },
    { user_id: professor.id, course_id: biology.id },
    { user_id: coach.id, course_id: lab.id },
  ]);
  await db.insert(t.userTeam).values({ user_id: coach.id, team_id: (teamList[0] as (typeof teamList)[number]).id });
  await db
    .insert(t.userEvent)
    .values({ user_id: advisor.id, event_id: (eventList[1] as (typeof eventList)[number]).id });
  await db
    .insert(t.userStudent)
    .values([
      ...studentList.slice(0, 3).map((s) => ({ user_id: advisor.id, student_id: s.id })),
      ...studentList.slice(3, 6).map((s) => ({ user_id: counselor.id, student_id: s.id })),
      ...studentList.slice(7, 10).map((s) => ({ user_id: caseManager.id, student_id: s.id })),
    ]);

  // two weeks of finished attendance of the two timetabled courses, up to now (today last)
  const history: (typeof t.attendance.$inferInsert)[] = [];
  for (let d = from; d <= today; d = addDays(d, 1)) {
    for (const course of [algebra, biology]) {
      const session = courseSessionOn(course, d, tz);
      if (!session || session.end.getTime() > opts.now.getTime()) continue;
      for (const e of enrol.filter((x) => x.course_id === course.id)) {
        const x = r.next();
        const status = x < 0.75 ? STATUS.present : x < 0.88 ? STATUS.late : STATUS.absent;
        const enter =
          status === STATUS.absent
            ? null
            : new Date(session.start.getTime() + (status === STATUS.late ? 9 : -2) * 60000);
        history.push({
          attendable_id: course.id,
          attendable_type: "course",
          school_id: sid,
          student_id: e.student_id,
          location_id: loc.id,
          status,
          enter,
          exit: enter ? session.end : null,
          percentage: enter ? (status === STATUS.late ? 88 : 100) : 0,
          finished: true,
          meets: d,
          created_at: session.start,
        });
      }
    }
  }
  const inserted = history.length ? await db.insert(t.attendance).values(history).returning() : [];
  // what the finaliser would have written: the sessions marked done, the ended event closed (from a
  // sequence of its own) and the APA kept
  await markFinalised(db, history);
  await closeEndedEvents(db, { school: { id: sid, timezone: tz }, now: opts.now, r: rng(opts.seed + 2) });

  // a couple of staff overrides: absent -> excused, locked, with the old status kept
  const overridden = inserted.filter((a) => a.status === STATUS.absent).slice(0, 2);
  for (const a of overridden) {
    await db.update(t.attendance).set({ status: STATUS.excused, lock: true }).where(eq(t.attendance.id, a.id));
    await db
      .insert(t.attendanceOverrides)
      .values({ attendance_id: a.id, old_status: a.status, new_status: STATUS.excused, user_id: advisor.id });
    await db.insert(t.attendanceActivity).values({ attendance_id: a.id, event: "override" });
  }
  await refreshApa(
    db,
    { id: sid, timezone: tz },
    studentList.map((s) => s.id),
    opts.now,
  );

  const absences = inserted.filter((a) => a.status === STATUS.absent && !overridden.includes(a)).slice(0, 3);
  const owner = (studentId: number) =>
    studentList.findIndex((s) => s.id === studentId) < 3
      ? advisor
      : studentList.findIndex((s) => s.id === studentId) < 6
        ? counselor
        : caseManager;
  if (absences.length)
    await db.insert(t.tasks).values(
      absences.map((a) => ({
        school_id: sid,
        user_id: owner(a.student_id).id,
        description: "Follow up on an absence",
        taskable_id: a.id,
        taskable_type: "attendance",
      })),
    );
  await db.insert(t.userTiles).values([
    { user_id: advisor.id, tileable_id: algebra.id, tileable_type: "course" as const },
    { user_id: professor.id, tileable_id: biology.id, tileable_type: "course" as const },
    { user_id: coach.id, tileable_id: (teamList[0] as (typeof teamList)[number]).id, tileable_type: "team" as const },
    ...userList
      .filter((u) => u.role_id <= 4)
      .flatMap((u) => [
        { user_id: u.id, tileable_id: algebra.id, tileable_type: "course" as const },
        {
          user_id: u.id,
          tileable_id: (eventList[0] as (typeof eventList)[number]).id,
          tileable_type: "event" as const,
        },
      ]),
  ]);

  // an open invitation, so that another school's invitations can be shown to stay untouched
  await db.insert(t.invitations).values({
    school_id: sid,
    role_id: 9,
    email: `invited@${SECOND_DOMAIN}`,
    first_name: "Invited",
    last_name: "Lakeside",
    invited_by: advisor.id,
    secret_hash: linkSecretHash(r.token(32)),
    expires_at: new Date(opts.now.getTime() + INVITATION_TTL_MS),
  });
  return {
    location: loc,
    courses: courseList,
    teams: teamList,
    events: eventList,
    students: studentList,
    users: userList,
  };
}
