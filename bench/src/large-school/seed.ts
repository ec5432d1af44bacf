/**
 * A large school for the participants benchmark (issue 10 "Speed"): 50,000 students with
 * realistic names and e-mails, ~1,500 courses, each student in 4-5 of them, teams, events, and
 * a semester (15 weeks) of finished attendance, so that weekly and semester APA are set. Written
 * in bulk SQL (generate_series, insert ... select), each step printed with its time.
 */
import { ROLES } from "@rollbook/domain";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../../../apps/server/src/auth/passwords.ts";
import type { Db } from "../../../apps/server/src/db/client.ts";
import * as t from "../../../apps/server/src/db/schema/index.ts";
import { ensureRoles } from "../../../apps/server/src/db/seed/roles.ts";

export const LARGE_SCHOOL = "Large Bench University";
export const LARGE_DOMAIN = "large.rollbook.test";
export const LARGE_TZ = "America/New_York";
export const LARGE_PASSWORD = "bench-password-1";
export const largeEmail = (role: string) => `${role}@${LARGE_DOMAIN}`;

export interface LargeOptions {
  students?: number;
  courses?: number;
  weeks?: number;
  /** say what is done (default: console.log) */
  log?: (line: string) => void;
}

export interface LargeSchool {
  schoolId: number;
  students: number;
  /** true when it already existed (nothing was written) */
  reused: boolean;
  seconds: number;
}

export const FIRST = [
  "Aaliyah",
  "Aaron",
  "Abigail",
  "Adam",
  "Adrian",
  "Aiden",
  "Alejandro",
  "Alexander",
  "Alexis",
  "Alice",
  "Amelia",
  "Amir",
  "Ana",
  "Andrew",
  "Angel",
  "Anna",
  "Anthony",
  "Aria",
  "Ariana",
  "Asher",
  "Aubrey",
  "Audrey",
  "Austin",
  "Ava",
  "Bella",
  "Benjamin",
  "Brandon",
  "Brayden",
  "Brianna",
  "Brooklyn",
  "Caleb",
  "Camila",
  "Carlos",
  "Carter",
  "Charlotte",
  "Chloe",
  "Christian",
  "Christopher",
  "Claire",
  "Connor",
  "Daniel",
  "David",
  "Diego",
  "Dylan",
  "Elena",
  "Eli",
  "Elijah",
  "Elizabeth",
  "Ella",
  "Emily",
  "Emma",
  "Ethan",
  "Eva",
  "Evelyn",
  "Ezra",
  "Fatima",
  "Gabriel",
  "Gabriella",
  "Genesis",
  "Grace",
  "Hailey",
  "Hannah",
  "Harper",
  "Hazel",
  "Henry",
  "Hudson",
  "Hunter",
  "Ian",
  "Isaac",
  "Isabella",
  "Isaiah",
  "Jack",
  "Jackson",
  "Jacob",
  "James",
  "Jayden",
  "Jordan",
  "Jose",
  "Joseph",
  "Joshua",
  "Josiah",
  "Julia",
  "Julian",
  "Kai",
  "Kayla",
  "Kennedy",
  "Kevin",
  "Layla",
  "Leah",
  "Leo",
  "Levi",
  "Liam",
  "Lillian",
  "Lily",
  "Logan",
  "Lucas",
  "Luis",
  "Luna",
  "Madison",
  "Maria",
  "Mason",
  "Mateo",
  "Matthew",
  "Maya",
  "Mia",
  "Michael",
  "Mila",
  "Mohammed",
  "Natalie",
  "Nathan",
  "Noah",
  "Nora",
  "Oliver",
  "Olivia",
  "Owen",
  "Priya",
  "Riley",
  "Ryan",
  "Samuel",
  "Santiago",
  "Sarah",
  "Savannah",
  "Scarlett",
  "Sebastian",
  "Sofia",
  "Sophia",
  "Stella",
  "Thomas",
  "Victoria",
  "Violet",
  "William",
  "Wyatt",
  "Xavier",
  "Yusuf",
  "Zoe",
  "Zoey",
];
export const LAST = [
  "Adams",
  "Ahmed",
  "Alexander",
  "Allen",
  "Alvarez",
  "Anderson",
  "Bailey",
  "Baker",
  "Barnes",
  "Bell",
  "Bennett",
  "Brooks",
  "Brown",
  "Bryant",
  "Butler",
  "Campbell",
  "Carter",
  "Castillo",
  "Chavez",
  "Chen",
  "Clark",
  "Coleman",
  "Collins",
  "Cook",
  "Cooper",
  "Cox",
  "Cruz",
  "Davis",
  "Diaz",
  "Edwards",
  "Evans",
  "Fisher",
  "Flores",
  "Foster",
  "Garcia",
  "Gomez",
  "Gonzalez",
  "Gray",
  "Green",
  "Griffin",
  "Gutierrez",
  "Hall",
  "Hamilton",
  "Harris",
  "Hayes",
  "Henderson",
  "Hernandez",
  "Hill",
  "Howard",
  "Hughes",
  "Jackson",
  "James",
  "Jenkins",
  "Jimenez",
  "Johnson",
  "Jones",
  "Kelly",
  "Khan",
  "Kim",
  "King",
  "Kumar",
  "Lee",
  "Lewis",
  "Long",
  "Lopez",
  "Martin",
  "Martinez",
  "Mendoza",
  "Miller",
  "Mitchell",
  "Moore",
  "Morales",
  "Morgan",
  "Morris",
  "Murphy",
  "Myers",
  "Nguyen",
  "Nelson",
  "O'Brien",
  "Ortiz",
  "Parker",
  "Patel",
  "Perez",
  "Perry",
  "Peterson",
  "Phillips",
  "Powell",
  "Price",
  "Ramirez",
  "Reed",
  "Reyes",
  "Richardson",
  "Rivera",
  "Roberts",
  "Robinson",
  "Rodriguez",
  "Rogers",
  "Ross",
  "Ruiz",
  "Russell",
  "Sanchez",
  "Sanders",
  "Scott",
  "Shah",
  "Simmons",
  "Singh",
  "Smith",
  "Stewart",
  "Sullivan",
  "Taylor",
  "Thomas",
  "Thompson",
  "Torres",
  "Tran",
  "Turner",
  "Walker",
  "Wang",
  "Ward",
  "Washington",
  "Watson",
  "White",
  "Williams",
  "Wilson",
  "Wood",
  "Wright",
  "Wu",
  "Young",
  "Zhang",
];
export const SUBJECTS = [
  "Accounting",
  "Anatomy",
  "Anthropology",
  "Arabic",
  "Architecture",
  "Art History",
  "Astronomy",
  "Biochemistry",
  "Biology",
  "Business Law",
  "Calculus",
  "Ceramics",
  "Chemistry",
  "Chinese",
  "Civil Engineering",
  "Computer Science",
  "Creative Writing",
  "Criminology",
  "Dance",
  "Data Science",
  "Drama",
  "Earth Science",
  "Ecology",
  "Economics",
  "Education",
  "Electrical Engineering",
  "English Composition",
  "Environmental Science",
  "Ethics",
  "Film Studies",
  "Finance",
  "French",
  "Genetics",
  "Geography",
  "Geology",
  "German",
  "Graphic Design",
  "Health Science",
  "Italian",
  "Japanese",
  "Journalism",
  "Linear Algebra",
  "Linguistics",
  "Literature",
  "Marketing",
  "Microbiology",
  "Music Theory",
  "Nursing",
  "Nutrition",
  "Philosophy",
  "Photography",
  "Physics",
  "Political Science",
  "Psychology",
  "Public Speaking",
  "Religious Studies",
  "Sociology",
  "Spanish",
  "Statistics",
  "World History",
];
export const TEAMS = [
  "Varsity Soccer",
  "JV Soccer",
  "Varsity Basketball",
  "JV Basketball",
  "Track and Field",
  "Cross Country",
  "Swimming",
  "Volleyball",
  "Baseball",
  "Softball",
  "Tennis",
  "Golf",
  "Wrestling",
  "Lacrosse",
  "Rowing",
  "Cheerleading",
  "Debate Club",
  "Chess Club",
  "Robotics",
  "Model UN",
  "Honors Scholars",
  "Student Council",
  "Drama Club",
  "Choir",
  "Marching Band",
  "Jazz Ensemble",
  "Orchestra",
  "Math Olympiad",
  "Science Olympiad",
  "Yearbook",
  "Newspaper",
  "Photography Club",
  "Environmental Club",
  "Coding Club",
  "Art Club",
  "Spanish Club",
  "French Club",
  "Key Club",
  "Mock Trial",
  "Esports",
];
export const EVENTS = [
  "College Fair",
  "Career Panel",
  "Financial Aid Night",
  "Study Skills Workshop",
  "Guest Lecture",
  "Library Orientation",
  "Writing Center Session",
  "Alumni Mixer",
  "Internship Info Session",
  "Mental Health Workshop",
  "Leadership Summit",
  "Hackathon",
  "Research Symposium",
  "Open House",
  "Blood Drive",
  "Town Hall",
  "Resume Clinic",
  "Tutoring Night",
  "Film Screening",
  "Poetry Reading",
];

/** A text[] literal of trusted constants (quotes doubled). */
export const arrayOf = (words: readonly string[]) =>
  `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`;

/** The large school's id, or null when it is not there. */
export async function findLargeSchool(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: t.schools.id }).from(t.schools).where(eq(t.schools.name, LARGE_SCHOOL)).limit(1);
  return row?.id ?? null;
}

/**
 * Seeds the large school into `db` (migrated): refuses when it exists unless `reuse`, which then
 * answers it as it is. The demo school is not needed: the school has its own users
 * (admin@large.rollbook.test, a professor and a coach, password LARGE_PASSWORD).
 */
export async function seedLargeSchool(db: Db, opts: LargeOptions & { reuse?: boolean } = {}): Promise<LargeSchool> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const started = performance.now();
  const existing = await findLargeSchool(db);
  if (existing !== null) {
    if (!opts.reuse) throw new Error(`${LARGE_SCHOOL} exists already: use --reuse, or a fresh database`);
    const students = await db.$count(t.students, eq(t.students.school_id, existing));
    log(`${LARGE_SCHOOL} exists (${students} students): reused`);
    return { schoolId: existing, students, reused: true, seconds: 0 };
  }
  const nStudents = opts.students ?? 50_000;
  const nCourses = opts.courses ?? 1_500;
  const weeks = opts.weeks ?? 15;
  await ensureRoles(db);

  const run = async (label: string, statement: string) => {
    const t0 = performance.now();
    const res = (await db.execute(sql.raw(statement))) as unknown as { rowCount?: number; affectedRows?: number };
    const n = statement.startsWith("vacuum") ? undefined : (res.rowCount ?? res.affectedRows);
    log(
      `  ${label}: ${n ?? "done"}${n !== undefined ? " rows" : ""} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  };

  log(`Seeding ${LARGE_SCHOOL}: ${nStudents} students, ${nCourses} courses, ${weeks} weeks of attendance`);
  const [school] = await db
    .insert(t.schools)
    .values({
      name: LARGE_SCHOOL,
      timezone: LARGE_TZ,
      email: `office@${LARGE_DOMAIN}`,
      address: "1 University Avenue, Albany, NY 12203",
    })
    .returning();
  const sid = school!.id;
  const today = `(now() at time zone '${LARGE_TZ}')::date`;

  await run(
    "students",
    `insert into students (school_id, first_name, last_name, email, phone, school_identifier, token, offline_code,
       last_seen, created_at, updated_at)
     select ${sid}, f, l,
       lower(regexp_replace(f || '.' || l, '[^A-Za-z.]', '', 'g')) || '.' || g || '@students.${LARGE_DOMAIN}',
       '518' || lpad(((g * 7919) % 10000000)::text, 7, '0'),
       'L' || lpad(g::text, 7, '0'),
       'large-' || md5('large-token-' || g),
       'JBSWY3DPEHPK3PXP',
       case when g % 10 < 8 then now() - ((g * 37) % 30000) * interval '1 minute' end,
       now() - interval '140 days' + g * interval '1 second',
       now()
     from (select g, (${arrayOf(FIRST)})[1 + (g * 7) % ${FIRST.length}] f,
                  (${arrayOf(LAST)})[1 + (g * 13 + g / ${FIRST.length}) % ${LAST.length}] l
           from generate_series(1, ${nStudents}) g) x`,
  );
  // a few with a preferred name, and 2% removed
  await run(
    "preferred names",
    `update students set preferred_name = case when length(first_name) > 5 then left(first_name, 4) else first_name || 'ie' end
     where school_id = ${sid} and id % 23 = 0`,
  );
  await run(
    "removed",
    `update students set deleted_at = now() - interval '10 days' where school_id = ${sid} and id % 50 = 7`,
  );
  await run(
    "devices",
    `insert into devices (student_id, type, os_version, app_version, model_name, location_permission, bluetooth_permission)
     select id, case when id % 2 = 0 then 'ios' else 'android' end,
       case when id % 2 = 0 then '17.' || (id % 5) else '14' end, '3.' || (id % 4) || '.0',
       case when id % 2 = 0 then 'iPhone ' || (12 + id % 4) else 'Pixel ' || (6 + id % 3) end,
       id % 9 <> 0, id % 4 <> 0
     from students where school_id = ${sid} and id % 10 < 7`,
  );
  await run(
    "active devices",
    `update students s set device_id = d.id from devices d where d.student_id = s.id and s.school_id = ${sid}`,
  );
  await run(
    "courses",
    `insert into courses (school_id, crn, course_number, title, subject, start_time, end_time, semester_start,
       semester_end, meet_mon, meet_tue, meet_wed, meet_thu, meet_fri, min_percentage)
     select ${sid}, (50000 + g)::text, upper(left(s, 4)) || ' ' || lvl, s || ' ' || lvl, s,
       (time '07:30' + ((g * 7) % 12) * interval '65 minutes'),
       (time '07:30' + ((g * 7) % 12) * interval '65 minutes' + case when g % 5 in (1, 3) then interval '75 minutes' else interval '50 minutes' end),
       ${today} - ${weeks * 7}, ${today} + 14,
       g % 5 in (0, 2, 4), g % 5 in (1, 3), g % 5 in (0, 2, 4), g % 5 in (1, 3), g % 5 = 0, 70
     from (select g, (${arrayOf(SUBJECTS)})[1 + g % ${SUBJECTS.length}] s,
                  100 * (1 + (g / ${SUBJECTS.length}) % 4) + g / ${SUBJECTS.length * 4} lvl
           from generate_series(0, ${nCourses - 1}) g) x`,
  );
  // each student in 4 or 5 different courses (offsets 311 apart: never the same course twice)
  await run(
    "enrolments",
    `insert into student_course (student_id, course_id)
     select s.id, c.ids[1 + ((s.rn * 7 + k * 311) % ${nCourses})]
     from (select id, row_number() over (order by id) rn from students where school_id = ${sid}) s
     cross join (select array_agg(id order by id) ids from courses where school_id = ${sid}) c
     cross join generate_series(1, 5) k
     where k <= 4 + s.rn % 2`,
  );
  await run(
    "teams",
    `insert into teams (school_id, name, tag, is_sport, visibility)
     select ${sid}, n, upper(left(regexp_replace(n, '[^A-Za-z]', '', 'g'), 3)), i <= 16, 'private'
     from unnest(${arrayOf(TEAMS)}) with ordinality as x(n, i)`,
  );
  await run(
    "team members",
    `insert into student_team (student_id, team_id)
     select s.id, tm.ids[1 + (s.rn / 17) % array_length(tm.ids, 1)]
     from (select id, row_number() over (order by id) rn from students where school_id = ${sid}) s
     cross join (select array_agg(id order by id) ids from teams where school_id = ${sid}) tm
     where s.rn % 17 = 0`,
  );
  await run(
    "events",
    `insert into events (school_id, ern, title, date, start_time, end_time, capacity, visibility)
     select ${sid}, 'E' || (5000 + g), (${arrayOf(EVENTS)})[1 + g % ${EVENTS.length}] || ' ' || (1 + g / ${EVENTS.length}),
       ${today} - ${weeks * 7} + (g * 11) % ${weeks * 7 + 28}, time '12:00' + (g % 7) * interval '1 hour',
       time '13:00' + (g % 7) * interval '1 hour', case when g % 4 = 0 then 40 end,
       case when g % 3 = 0 then 'public' else 'private' end
     from generate_series(0, 199) g`,
  );
  await run(
    "event sign-ups",
    `insert into student_event (student_id, event_id, in_waitlist)
     select s.id, e.ids[1 + (s.rn * 3) % array_length(e.ids, 1)], false
     from (select id, row_number() over (order by id) rn from students where school_id = ${sid}) s
     cross join (select array_agg(id order by id) ids from events where school_id = ${sid}) e
     where s.rn % 8 = 0`,
  );
  const password_hash = await hashPassword(LARGE_PASSWORD);
  const role = (name: string) => ROLES.find((r) => r.name === name)!.id;
  const users = await db
    .insert(t.users)
    .values(
      [
        ["school_admin", "Avery", "Admin"],
        ["judge", "Pat", "Professor"],
        ["staff", "Casey", "Coach"],
      ].map(([r, first, last]) => ({
        school_id: sid,
        role_id: role(r!),
        first_name: first!,
        last_name: last!,
        email: largeEmail(r!),
        password_hash,
      })),
    )
    .returning();
  const professor = users.find((u) => u.email === largeEmail("judge"))!;
  const coach = users.find((u) => u.email === largeEmail("staff"))!;
  await run(
    "assignments",
    `insert into user_course (user_id, course_id)
       select ${professor.id}, id from courses where school_id = ${sid} order by id limit 6`,
  );
  await run(
    "team assignments",
    `insert into user_team (user_id, team_id) select ${coach.id}, id from teams where school_id = ${sid} and is_sport`,
  );

  // One row per enrolment and past session (the days each course meets), finished, in chunks of
  // courses so that progress shows. A student's reliability sets how often they are absent.
  const chunk = 100;
  const t0 = performance.now();
  for (let from = 0; from < nCourses; from += chunk) {
    await run(
      `attendance, courses ${from + 1}-${Math.min(from + chunk, nCourses)} of ${nCourses}`,
      `insert into attendance (attendable_id, attendable_type, school_id, student_id, status, enter, exit, percentage,
         confidence, finished, meets, created_at, updated_at)
       select c.id, 'course', ${sid}, sc.student_id, st.status,
         case when st.status in (1, 2, 5) then start_at + case when st.status = 2 then interval '9 minutes' else interval '-2 minutes' end end,
         case when st.status in (1, 2, 5) then end_at - case when st.status = 5 then interval '20 minutes' else interval '0 minutes' end end,
         case st.status when 1 then 100 when 2 then 84 when 5 then 62 else 0 end,
         case when st.status = 3 then null else 0.95 end, true, d, end_at, end_at
       from (select * from courses where school_id = ${sid} order by id offset ${from} limit ${chunk}) c
       join student_course sc on sc.course_id = c.id
       cross join lateral generate_series(c.semester_start, ${today} - 1, interval '1 day') as g(day)
       cross join lateral (select g.day::date d,
         (g.day::date + c.start_time) at time zone '${LARGE_TZ}' start_at,
         (g.day::date + c.end_time) at time zone '${LARGE_TZ}' end_at,
         abs(hashtext(sc.student_id || ':' || c.id || ':' || g.day::date)) % 100 r,
         3 + (sc.student_id * 37) % 24 absent_pct) x
       cross join lateral (select case
         when x.r < x.absent_pct then 3
         when x.r < x.absent_pct + 7 then 2
         when x.r < x.absent_pct + 9 then 5
         when x.r < x.absent_pct + 11 then 4
         else 1 end status) st
       where case extract(dow from g.day)
         when 0 then c.meet_sun when 1 then c.meet_mon when 2 then c.meet_tue when 3 then c.meet_wed
         when 4 then c.meet_thu when 5 then c.meet_fri else c.meet_sat end`,
    );
  }
  log(`  attendance in all: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  // APA as the domain counts it (statuses.ts apa): attended / (attended + missed), one decimal
  await run(
    "semester and weekly APA",
    `update students s set semester_apa = a.sem, weekly_apa = a.wk
     from (select student_id,
       round(100.0 * count(*) filter (where status in (1, 2, 5)) / nullif(count(*) filter (where status in (1, 2, 3, 5)), 0), 1)::float8 sem,
       round(100.0 * count(*) filter (where status in (1, 2, 5) and meets >= ${today} - 7)
         / nullif(count(*) filter (where status in (1, 2, 3, 5) and meets >= ${today} - 7), 0), 1)::float8 wk
       from attendance where school_id = ${sid} group by student_id) a
     where s.id = a.student_id`,
  );
  // statistics for the planner, and GIN's pending lists (the trigram indexes) merged
  for (const table of ["students", "courses", "teams", "events", "student_course", "attendance", "devices"])
    await run(`vacuum analyze ${table}`, `vacuum analyze ${table}`);
  const seconds = (performance.now() - started) / 1000;
  log(`${LARGE_SCHOOL} seeded in ${seconds.toFixed(0)} s`);
  return { schoolId: sid, students: nStudents, reused: false, seconds };
}
