import { addDays, courseSessionOn, isTravelling, localDate, ROLES, STATUS, zonedToUtc } from "@rollbook/domain";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../auth/passwords.ts";
import { refreshApa } from "../../engine/finalise/apa.ts";
import type { Db } from "../client.ts";
import * as t from "../schema/index.ts";
import { analyzeStale } from "../statistics.ts";
import { closeEndedEvents, drawnPresence, drawnStatus, markFinalised } from "./closed-sessions.ts";
import { seedDemoImports } from "./demo-imports.ts";
import { seedSecondSchool } from "./demo-second-school.ts";
import { type Rng, rng } from "./random.ts";
import { ensureRoles } from "./roles.ts";

export interface DemoOptions {
  password: string;
  students?: number;
  courses?: number;
  weeksOfHistory?: number;
  seed?: number;
  now?: Date;
  /** the demo school's zone (tests pick one away from a clock change: test/school-zone.ts) */
  timezone?: string;
}

export const DEMO_DOMAIN = "demo.rollbook.test";
export const DEMO_TZ = "America/New_York";
export const demoEmail = (roleName: string) => `${roleName}@${DEMO_DOMAIN}`;

const FIRST = [
  "Ava",
  "Liam",
  "Mia",
  "Noah",
  "Zoe",
  "Ethan",
  "Isla",
  "Mason",
  "Aria",
  "Lucas",
  "Chloe",
  "Elijah",
  "Maya",
  "James",
  "Nora",
  "Leo",
  "Ruby",
  "Owen",
  "Layla",
  "Caleb",
  "Sofia",
  "Ezra",
  "Hazel",
  "Jonah",
  "Ivy",
  "Miles",
  "Stella",
  "Felix",
  "Luna",
  "Theo",
];
const LAST = [
  "Garcia",
  "Smith",
  "Nguyen",
  "Johnson",
  "Patel",
  "Brown",
  "Kim",
  "Davis",
  "Lopez",
  "Wilson",
  "Clark",
  "Lewis",
  "Walker",
  "Hall",
  "Young",
  "King",
  "Wright",
  "Scott",
  "Green",
  "Baker",
  "Adams",
  "Nelson",
  "Hill",
  "Ramirez",
  "Campbell",
  "Mitchell",
  "Roberts",
  "Carter",
  "Phillips",
  "Evans",
];
const SUBJECTS = [
  "Biology",
  "Chemistry",
  "Algebra",
  "Calculus",
  "World History",
  "US History",
  "English Composition",
  "Literature",
  "Spanish",
  "French",
  "Physics",
  "Statistics",
  "Economics",
  "Psychology",
  "Sociology",
  "Art Studio",
  "Music Theory",
  "Computer Science",
  "Geography",
  "Public Speaking",
  "Philosophy",
  "Anatomy",
  "Accounting",
  "Drama",
];
const PATTERNS: Record<string, (0 | 1)[]> = {
  MWF: [0, 1, 0, 1, 0, 1, 0],
  TTh: [0, 0, 1, 0, 1, 0, 0],
  MW: [0, 1, 0, 1, 0, 0, 0],
  Daily: [0, 1, 1, 1, 1, 1, 0],
};
const SLOTS = [
  ["08:00", "08:50"],
  ["09:00", "09:50"],
  ["10:00", "11:15"],
  ["11:30", "12:20"],
  ["13:00", "14:15"],
  ["14:30", "15:20"],
  ["15:30", "16:45"],
  ["17:00", "18:15"],
] as const;
const MEET_KEYS = ["meet_sun", "meet_mon", "meet_tue", "meet_wed", "meet_thu", "meet_fri", "meet_sat"] as const;

async function insertChunked<T extends Record<string, unknown>>(
  db: Db,
  table: Parameters<Db["insert"]>[0],
  rows: T[],
  size = 1000,
) {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size) as never);
}

/**
 * The demo users' notification choices (decision 0900): every kind is chosen by someone, the
 * coach takes alerts by text, the athletics admin hears of one team only.
 */
export function notificationChoices(role: string, teamId: number | undefined): Partial<typeof t.users.$inferInsert> {
  switch (role) {
    case "school_owner":
      return { absent_email: false, weekly_recap_email: true };
    case "school_admin":
      return { daily_recap_email: true, weekly_startup_email: true };
    case "athletics_admin":
      return { tardy_absent_email: true, alert_filter: teamId ? [`team:${teamId}`] : [] };
    case "academic_advisor":
      return { late_email: true, daily_recap_email: true, weekly_recap_email: true };
    case "judge":
      return { late_email: true, pindrop_email: true, weekly_startup_email: true };
    case "staff":
      return { pindrop_email: true, prefers_sms: true, weekly_recap_email: true };
    case "councelor":
      return { daily_recap_email: true };
    case "case_manager":
      return { absent_email: false, weekly_startup_email: true, weekly_recap_email: true };
    default:
      return {};
  }
}

/** True when the database already holds a school (demo or real). */
export async function hasAnySchool(db: Db) {
  return (await db.$count(t.schools)) > 0;
}

/** True when the demo users exist (the database was seeded with the demo school). */
export async function hasDemoUsers(db: Db) {
  return (await db.$count(t.users, sql`${t.users.email} = ${demoEmail("master_admin")}`)) > 0;
}

/**
 * The demo school: deterministic for a seed, sized by options so tests and
 * benchmarks can make larger ones. Dates are relative to `now`.
 */
export async function seedDemo(db: Db, opts: DemoOptions) {
  const r = rng(opts.seed ?? 20261122);
  const now = opts.now ?? new Date();
  const nStudents = opts.students ?? 200;
  const nCourses = opts.courses ?? 20;
  const weeks = opts.weeksOfHistory ?? 4;
  const tz = opts.timezone ?? DEMO_TZ;
  const today = localDate(now, tz);
  await ensureRoles(db);

  const [school] = await db
    .insert(t.schools)
    .values({
      name: "Rollbook Demo High School",
      address: "100 Schoolhouse Lane, Albany, NY 12207",
      contact_person: "Dana Whitfield",
      phone: "5185550100",
      email: "office@demo.rollbook.test",
      support_email: "it@demo.rollbook.test",
      timezone: tz,
      late_time: 5,
      absent_time: 15,
      leave_time: 10,
      warning_percentage: 80,
      student_cap: 1000,
    })
    .returning();
  const [second] = await db
    .insert(t.schools)
    .values({ name: "Lakeside Demo College", timezone: "America/Chicago", email: "office@lakeside.demo.rollbook.test" })
    .returning();
  if (!school || !second) throw new Error("demo school not created");
  const sid = school.id;

  await db.insert(t.schoolClosures).values([
    {
      school_id: sid,
      title: "Thanksgiving break",
      start_date: nextWeekday(today, 4, r, 0),
      end_date: addDays(nextWeekday(today, 4, r, 0), 1),
    },
    { school_id: sid, title: "Winter break", start_date: addDays(today, 30), end_date: addDays(today, 44) },
  ]);

  // Locations around a campus centre, with geofences and beacons.
  const centre = { lat: 42.6526, lon: -73.7562 };
  const locs = await db
    .insert(t.locations)
    .values([
      {
        school_id: sid,
        name: "Main Hall",
        latitude: centre.lat,
        longitude: centre.lon,
        radius: 80,
        note: "Rooms 100-240",
      },
      {
        school_id: sid,
        name: "Science Center",
        latitude: centre.lat + 0.0021,
        longitude: centre.lon + 0.0015,
        radius: 60,
      },
      {
        school_id: sid,
        name: "Athletics Field House",
        latitude: centre.lat - 0.003,
        longitude: centre.lon - 0.0022,
        radius: 120,
      },
    ])
    .returning();
  await db.insert(t.beacons).values(
    locs.flatMap((l, i) => [
      {
        school_id: sid,
        name: `${l.name} east`,
        factory_id: `B${i}E-${r.token(8, "0123456789ABCDEF")}`,
        location_id: l.id,
        battery: r.int(40, 100),
        active: true,
      },
      {
        school_id: sid,
        name: `${l.name} west`,
        factory_id: `B${i}W-${r.token(8, "0123456789ABCDEF")}`,
        location_id: l.id,
        battery: r.int(5, 100),
        active: true,
      },
    ]),
  );

  const semesterStart = addDays(today, -7 * (weeks + 2));
  const semesterEnd = addDays(today, 7 * 8);
  const patternNames = Object.keys(PATTERNS);
  const courseRows = Array.from({ length: nCourses }, (_, i) => {
    const pattern = PATTERNS[patternNames[i % patternNames.length] as string] as (0 | 1)[];
    const slot = SLOTS[i % SLOTS.length] as readonly [string, string];
    const meets = Object.fromEntries(MEET_KEYS.map((k, d) => [k, pattern[d] === 1]));
    return {
      school_id: sid,
      location_id: (locs[i % 2] ?? locs[0])?.id,
      crn: String(40100 + i),
      course_number: `${(SUBJECTS[i % SUBJECTS.length] as string).slice(0, 3).toUpperCase()} ${100 + i * 5}`,
      title: `${SUBJECTS[i % SUBJECTS.length]}${i >= SUBJECTS.length ? ` ${Math.floor(i / SUBJECTS.length) + 1}` : ""}`,
      start_time: slot[0],
      end_time: slot[1],
      semester_start: semesterStart,
      semester_end: semesterEnd,
      ...meets,
      manual_attendance: i === nCourses - 1,
      min_percentage: 70,
    };
  });
  const courseList = await db.insert(t.courses).values(courseRows).returning();

  const studentValues = Array.from({ length: nStudents }, (_, i) => {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[Math.floor(i / FIRST.length + i) % LAST.length] as string;
    return {
      school_id: sid,
      first_name: first,
      last_name: last,
      email: `${first}.${last}.${i + 1}@students.${DEMO_DOMAIN}`.toLowerCase(),
      phone: `518555${String(1000 + i).slice(-4)}`,
      school_identifier: `S${String(100000 + i)}`,
      token: r.token(10),
      offline_code: r.token(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
      age: r.int(14, 19),
      zip: String(12200 + r.int(0, 99)),
      gender: r.pick(["female", "male", "non-binary"]),
      is_veteran: false,
    };
  });
  const studentList: (typeof t.students.$inferSelect)[] = [];
  for (let i = 0; i < studentValues.length; i += 1000) {
    studentList.push(
      ...(await db
        .insert(t.students)
        .values(studentValues.slice(i, i + 1000))
        .returning()),
    );
  }

  // Each student takes 4-5 courses.
  const enrol: { student_id: number; course_id: number }[] = [];
  const coursesOf = new Map<number, number[]>();
  for (const s of studentList) {
    const picks = r.shuffle(courseList.map((c) => c.id)).slice(0, r.int(4, 5));
    coursesOf.set(s.id, picks);
    for (const c of picks) enrol.push({ student_id: s.id, course_id: c });
  }
  await insertChunked(db, t.studentCourse, enrol);

  const teamList = await db
    .insert(t.teams)
    .values([
      { school_id: sid, name: "Varsity Soccer", tag: "SOC", is_sport: true },
      { school_id: sid, name: "Track and Field", tag: "TRK", is_sport: true },
      { school_id: sid, name: "Debate Club", tag: "DEB", is_sport: false },
      { school_id: sid, name: "Honors Scholars", tag: "HON", is_sport: false },
    ])
    .returning();
  const teamMembers = new Map<number, number[]>();
  const memberRows: { student_id: number; team_id: number }[] = [];
  teamList.forEach((team, i) => {
    const members = studentList.slice(i * 25, i * 25 + 20).map((s) => s.id);
    teamMembers.set(team.id, members);
    for (const m of members) memberRows.push({ student_id: m, team_id: team.id });
  });
  await insertChunked(db, t.studentTeam, memberRows);

  // A past away game for soccer: its students are "travel" for that day's classes.
  const soccer = teamList[0] as (typeof teamList)[number];
  const travelDay = previousWeekday(today, 3);
  const [trip] = await db
    .insert(t.travel)
    .values({
      team_id: soccer.id,
      start_date: zonedToUtc(travelDay, 6 * 60, tz),
      end_date: zonedToUtc(travelDay, 20 * 60, tz),
      notes: "Away game at Riverside",
      is_away: true,
    })
    .returning();
  if (trip)
    await insertChunked(
      db,
      t.studentTravel,
      (teamMembers.get(soccer.id) ?? []).map((student_id) => ({ student_id, travel_id: trip.id })),
    );

  const eventDefs = [
    {
      title: "College Fair",
      date: addDays(today, 3),
      start_time: "10:00",
      end_time: "13:00",
      capacity: 20,
      visibility: "public",
      description: "Meet admissions officers from 40 colleges.",
    },
    { title: "Study Skills Workshop", date: today, start_time: "15:30", end_time: "16:30", visibility: "private" },
    { title: "Career Panel", date: addDays(today, -5), start_time: "12:00", end_time: "13:00", visibility: "private" },
    {
      title: "Financial Aid Night",
      date: addDays(today, 10),
      start_time: "18:00",
      end_time: "19:30",
      visibility: "private",
    },
    {
      title: "Athlete Study Hall",
      date: addDays(today, -2),
      start_time: "16:00",
      end_time: "18:00",
      visibility: "private",
      restricted: true,
    },
  ];
  // an event is made two weeks ahead and signed up for a week ahead (a past one too: the finaliser
  // counts nobody who joined after it ended), never later than now
  const aheadOf = (date: string, days: number) =>
    new Date(Math.min(now.getTime(), zonedToUtc(addDays(date, -days), 9 * 60, tz).getTime()));
  const eventList = await db
    .insert(t.events)
    .values(
      eventDefs.map((e, i) => ({
        school_id: sid,
        created_at: aheadOf(e.date, 14),
        ern: `E${2000 + i}`,
        location_id: (locs[i % locs.length] ?? locs[0])?.id,
        title: e.title,
        description: e.description ?? null,
        date: e.date,
        start_time: e.start_time,
        end_time: e.end_time,
        capacity: e.capacity ?? null,
        visibility: e.visibility,
        restricted_by: e.restricted ? soccer.id : null,
      })),
    )
    .returning();
  const signups: { student_id: number; event_id: number; in_waitlist: boolean; created_at: Date }[] = [];
  eventList.forEach((ev, i) => {
    const count = ev.capacity ? ev.capacity + 5 : 15 + i * 3;
    studentList.slice(40 + i * 10, 40 + i * 10 + count).forEach((s, k) => {
      signups.push({
        student_id: s.id,
        event_id: ev.id,
        in_waitlist: ev.capacity !== null && k >= ev.capacity,
        created_at: aheadOf(ev.date, 7),
      });
    });
  });
  await insertChunked(db, t.studentEvent, signups);

  // Issue 11's screens: an open public event with seats left (the signup page), an upcoming
  // event only the soccer team may join, and track away this week (status travel).
  const [openHouse, filmSession] = await db
    .insert(t.events)
    .values([
      {
        school_id: sid,
        ern: "E2100",
        location_id: locs[0]?.id,
        title: "Spring Open House",
        description: "Tour the campus and meet the teachers.",
        date: addDays(today, 6),
        start_time: "17:00",
        end_time: "19:00",
        capacity: 60,
        visibility: "public",
      },
      {
        school_id: sid,
        ern: "E2101",
        location_id: locs[2]?.id,
        title: "Soccer Film Session",
        date: addDays(today, 2),
        start_time: "15:30",
        end_time: "16:30",
        capacity: 25,
        visibility: "private",
        restricted_by: soccer.id,
      },
    ])
    .returning();
  if (openHouse && filmSession)
    await insertChunked(db, t.studentEvent, [
      ...studentList.slice(120, 132).map((s) => ({ student_id: s.id, event_id: openHouse.id, in_waitlist: false })),
      ...(teamMembers.get(soccer.id) ?? [])
        .slice(0, 12)
        .map((student_id) => ({ student_id, event_id: filmSession.id, in_waitlist: false })),
    ]);
  const track = teamList[1] as (typeof teamList)[number];
  const meetDay = thisWeeksTravelDay(today);
  const [meet] = await db
    .insert(t.travel)
    .values({
      team_id: track.id,
      start_date: zonedToUtc(meetDay, 6 * 60, tz),
      end_date: zonedToUtc(meetDay, 20 * 60, tz),
      notes: "State indoor meet",
      is_away: true,
    })
    .returning();
  if (meet)
    await insertChunked(
      db,
      t.studentTravel,
      (teamMembers.get(track.id) ?? []).slice(0, 15).map((student_id) => ({ student_id, travel_id: meet.id })),
    );

  // One user of every role, with sensible assignments.
  const password_hash = await hashPassword(opts.password);
  const userList = await db
    .insert(t.users)
    .values(
      ROLES.map((role) => ({
        school_id: sid,
        role_id: role.id,
        first_name: role.display_name.split(" ")[0] as string,
        last_name: role.display_name.split(" ").slice(1).join(" ") || "User",
        email: demoEmail(role.name),
        password_hash,
        phone_number: `518555${String(2000 + role.id)}`,
        absent_email: true,
        ...notificationChoices(role.name, teamList[0]?.id),
        // one demo user shows the accessible theme, so it can be seen and tested
        ...(role.name === "councelor" ? { higher_contrast: true, a11y_mode: true } : {}),
      })),
    )
    .returning();
  const user = (name: string) => userList.find((u) => u.email === demoEmail(name)) as (typeof userList)[number];
  const advisor = user("academic_advisor");
  const professor = user("judge");
  const coach = user("staff");
  const counselor = user("councelor");
  const caseManager = user("case_manager");
  const courseIds = courseList.map((c) => c.id);
  await db
    .insert(t.userCourse)
    .values([
      ...courseIds.slice(0, 3).map((course_id) => ({ user_id: advisor.id, course_id })),
      ...courseIds.slice(0, 4).map((course_id) => ({ user_id: professor.id, course_id })),
    ]);
  await db.insert(t.userTeam).values(teamList.slice(0, 2).map((team) => ({ user_id: coach.id, team_id: team.id })));
  await db.insert(t.userEvent).values([
    { user_id: advisor.id, event_id: (eventList[0] as (typeof eventList)[number]).id },
    { user_id: coach.id, event_id: (eventList[4] as (typeof eventList)[number]).id },
  ]);
  await db
    .insert(t.userStudent)
    .values([
      ...studentList.slice(0, 30).map((s) => ({ user_id: advisor.id, student_id: s.id })),
      ...studentList.slice(30, 50).map((s) => ({ user_id: counselor.id, student_id: s.id })),
      ...studentList.slice(50, 60).map((s) => ({ user_id: caseManager.id, student_id: s.id })),
    ]);

  // A cancelled date in the past for the first course.
  const firstCourse = courseList[0] as (typeof courseList)[number];
  const cancelled = new Set<string>();
  for (let d = addDays(today, -7); d < today; d = addDays(d, 1)) {
    if (courseSessionOn(firstCourse, d, tz)) {
      await db
        .insert(t.cancellations)
        .values({ course_id: firstCourse.id, date: d, notes: "Instructor at a conference" });
      cancelled.add(`${firstCourse.id}:${d}`);
      break;
    }
  }

  // And an upcoming one: the first course's next meeting day after this week (a visitor sees
  // an upcoming cancellation on its Cancellations tab).
  for (let d = addDays(today, 7); d < addDays(today, 21); d = addDays(d, 1)) {
    if (courseSessionOn(firstCourse, d, tz)) {
      await db
        .insert(t.cancellations)
        .values({ course_id: firstCourse.id, date: d, notes: "Professional development day" });
      break;
    }
  }

  // Excuses: a few students, a few past dates.
  const excused = new Set<string>();
  const excuseRows = studentList.slice(0, Math.min(8, studentList.length)).map((s, i) => {
    const date = addDays(today, -1 - i * 2);
    excused.add(`${s.id}:${date}`);
    return {
      school_id: sid,
      student_id: s.id,
      date,
      notes: r.pick(["Doctor's appointment", "Family emergency", "Court date", null]),
    };
  });
  await db.insert(t.excuses).values(excuseRows);

  const closures = await db.select().from(t.schoolClosures).where(sql`${t.schoolClosures.school_id} = ${sid}`);
  // the away trips: soccer's past game, and track's meet this week (today on Friday to Sunday)
  const trips = [
    ...(trip ? [{ ...trip, students: new Set(teamMembers.get(soccer.id) ?? []) }] : []),
    ...(meet ? [{ ...meet, students: new Set((teamMembers.get(track.id) ?? []).slice(0, 15)) }] : []),
  ];
  const history = buildHistory({
    r,
    now,
    today,
    weeks,
    sid,
    courseList,
    studentList,
    coursesOf,
    cancelled,
    excused,
    closures,
    trips,
    tz,
  });
  const inserted: { id: number; student_id: number; status: number; attendable_id: number; meets: string }[] = [];
  for (let i = 0; i < history.length; i += 1000) {
    inserted.push(
      ...(await db
        .insert(t.attendance)
        .values(history.slice(i, i + 1000))
        .returning({
          id: t.attendance.id,
          student_id: t.attendance.student_id,
          status: t.attendance.status,
          attendable_id: t.attendance.attendable_id,
          meets: t.attendance.meets,
        })),
    );
  }

  await markFinalised(db, history);
  // the events that ended are closed as the finaliser would have; their draws come from a
  // sequence of their own, so the rest of the demo is the same whatever the time of day
  await closeEndedEvents(db, { school: { id: sid, timezone: tz }, now, r: rng((opts.seed ?? 20261122) + 2) });

  // APA as the finaliser keeps it (this week and this semester, teams too), from all of the above
  await refreshApa(
    db,
    { id: sid, timezone: tz },
    studentList.map((s) => s.id),
    now,
  );

  // Follow-up tasks for recent absences of the advisor's students, and tiles for everyone.
  const advisorStudents = new Set(studentList.slice(0, 30).map((s) => s.id));
  const absences = inserted.filter((a) => a.status === STATUS.absent && advisorStudents.has(a.student_id)).slice(-5);
  // worded as the finaliser's (alerts.ts planTasks): several demo students share a first name
  const fullName = (id: number) => {
    const s = studentList.find((x) => x.id === id);
    return s ? `${s.first_name} ${s.last_name}` : "a student";
  };
  const titleOf = (id: number) => courseList.find((c) => c.id === id)?.title ?? "a class";
  if (absences.length) {
    await db.insert(t.tasks).values(
      absences.map((a) => ({
        school_id: sid,
        user_id: advisor.id,
        description: `Follow up on the absence of ${fullName(a.student_id)} from ${titleOf(a.attendable_id)} on ${a.meets}`,
        taskable_id: a.id,
        taskable_type: "attendance",
      })),
    );
  }
  const tiles = userList.flatMap((u) => {
    if (u.role_id <= 4)
      return [
        { user_id: u.id, tileable_id: firstCourse.id, tileable_type: "course" as const },
        { user_id: u.id, tileable_id: soccer.id, tileable_type: "team" as const },
      ];
    if (u.id === advisor.id || u.id === professor.id)
      return [{ user_id: u.id, tileable_id: firstCourse.id, tileable_type: "course" as const }];
    if (u.id === coach.id) return [{ user_id: u.id, tileable_id: soccer.id, tileable_type: "team" as const }];
    return [];
  });
  await db.insert(t.userTiles).values(tiles);

  await seedDemoImports(db, sid, { admin: user("school_admin").id, formerAdmin: advisor.id }, now);

  const studyHall = await seedStudyHall(db, sid, locs[0] as (typeof locs)[number], semesterStart, studentList, coach);

  // The second school has an admin of its own so role 1 switching shows different data.
  await db.insert(t.users).values({
    school_id: second.id,
    role_id: 3,
    first_name: "Lake",
    last_name: "Admin",
    email: `school_admin@lakeside.${DEMO_DOMAIN}`,
    password_hash,
  });
  const secondData = await seedSecondSchool(db, {
    school: second,
    password_hash,
    now,
    seed: (opts.seed ?? 20261122) + 1,
  });
  // statistics for the planner now, on PGlite (no autovacuum) and PostgreSQL alike: before them a
  // freshly seeded demo ran canvasReport in 2.5-2.8 s on PGlite, 1.6-4.7 s on PostgreSQL until
  // its autovacuum came round; after them 0.02-0.06 s (decision 0126)
  await analyzeStale(db);
  return {
    school,
    second,
    users: userList,
    students: studentList,
    courses: courseList,
    teams: teamList,
    events: eventList,
    locations: locs,
    studyHall,
    secondData,
  };
}

export const STUDY_HALL_TITLE = "Open Study Hall";

/**
 * A course in session at any hour (every day 00:00-23:59, indefinite) for live demos, the
 * simulator and live tests (decision 0360). Added after every random draw of the generator,
 * so the rest of the demo data is the same with or without it; no history, no tiles. Arriving
 * at any time of the day counts as present. The demo coach is assigned to it, so the coach's
 * "Missing attendance" lists only its students.
 */
async function seedStudyHall(
  db: Db,
  schoolId: number,
  location: typeof t.locations.$inferSelect,
  semesterStart: string,
  studentList: (typeof t.students.$inferSelect)[],
  coach: typeof t.users.$inferSelect,
) {
  const [course] = await db
    .insert(t.courses)
    .values({
      school_id: schoolId,
      location_id: location.id,
      crn: "49999",
      course_number: "OSH 001",
      title: STUDY_HALL_TITLE,
      start_time: "00:00",
      end_time: "23:59",
      semester_start: semesterStart,
      is_indefinite: true,
      ...Object.fromEntries(MEET_KEYS.map((k) => [k, true])),
      late_time: 24 * 60,
      absent_time: 24 * 60,
      min_percentage: 0,
    })
    .returning();
  if (!course) throw new Error("study hall not created");
  // three in five students, spread over the whole list
  const members = studentList.filter((_, i) => i % 5 < 3);
  await insertChunked(
    db,
    t.studentCourse,
    members.map((s) => ({ student_id: s.id, course_id: course.id })),
  );
  await db.insert(t.userCourse).values({ user_id: coach.id, course_id: course.id });
  return course;
}

function previousWeekday(today: string, weekday: number): string {
  let d = addDays(today, -1);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== weekday) d = addDays(d, -1);
  return d;
}

/** A weekday of the current week (Monday to Friday) after today, else today: track's away meet. */
function thisWeeksTravelDay(today: string): string {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 4 ? addDays(today, 1) : today;
}

function nextWeekday(today: string, weekday: number, _r: Rng, minAhead: number): string {
  let d = addDays(today, minAhead + 1);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
}

interface HistoryInput {
  r: Rng;
  now: Date;
  today: string;
  weeks: number;
  sid: number;
  courseList: (typeof t.courses.$inferSelect)[];
  studentList: (typeof t.students.$inferSelect)[];
  coursesOf: Map<number, number[]>;
  cancelled: Set<string>;
  excused: Set<string>;
  closures: { start_date: string; end_date: string }[];
  trips: { start_date: Date; end_date: Date; is_away: boolean; students: Set<number> }[];
  tz: string;
}

/**
 * Finished attendance for every session that ended before `now` (today's too: the finaliser
 * skips sessions that ended before their course was created), with every status represented.
 */
function buildHistory(h: HistoryInput) {
  const rows: (typeof t.attendance.$inferInsert)[] = [];
  const from = addDays(h.today, -7 * h.weeks);
  // one student in twenty misses a class in three: every school has them, and the APA warnings
  // and low-APA screens need them whatever the day's draws
  const struggling = new Set(h.studentList.filter((_, i) => i % 20 === 7).map((s) => s.id));
  // today last, so the earlier days' draws do not depend on the time of day
  for (let d = from; d <= h.today; d = addDays(d, 1)) {
    if (h.closures.some((c) => c.start_date <= d && d <= c.end_date)) continue;
    for (const course of h.courseList) {
      const session = courseSessionOn(course, d, h.tz);
      if (!session || session.end.getTime() > h.now.getTime()) continue;
      for (const s of h.studentList) {
        if (!(h.coursesOf.get(s.id) ?? []).includes(course.id)) continue;
        let status: number;
        if (h.cancelled.has(`${course.id}:${d}`)) status = STATUS.cancelled;
        else if (h.excused.has(`${s.id}:${d}`)) status = STATUS.excused;
        else if (
          isTravelling(
            h.trips.filter((x) => x.students.has(s.id)),
            session,
          )
        )
          status = STATUS.travel;
        else {
          const drawn = drawnStatus(h.r);
          status = struggling.has(s.id) && h.r.next() < 0.3 ? STATUS.absent : drawn;
        }
        const { enter, exit, percentage } = drawnPresence(h.r, session, status);
        rows.push({
          attendable_id: course.id,
          attendable_type: "course",
          school_id: h.sid,
          student_id: s.id,
          location_id: course.location_id,
          status,
          enter,
          exit,
          percentage,
          finished: true,
          meets: d,
          created_at: session.start,
        });
      }
    }
  }
  return rows;
}
