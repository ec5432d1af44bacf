import { STATUS } from "@rollbook/domain";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  schools,
  students,
  studentTeam,
  userCourse,
  userEvent,
  userStudent,
  users,
  userTeam,
} from "../../db/schema/index.ts";
import type { Mail } from "../../mail/mailer.ts";
import { type ListItem, renderMail, unsubscribeUrl } from "../../mail/template.ts";
import { type Sms, textsInstead } from "../../notifications/sms.ts";
import type { DueSession } from "./due.ts";

/** A final status someone may want to hear about. */
export interface Concern {
  attendance_id: number;
  student_id: number;
  status: number;
}

export interface AlertUser {
  id: number;
  email: string;
  first_name: string;
  late_email: boolean;
  absent_email: boolean;
  tardy_absent_email: boolean;
  pindrop_email: boolean;
  prefers_sms: boolean;
  phone_number: string | null;
  alert_filter: string[];
}

export interface AlertStudent {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  email: string | null;
}

export interface AlertData {
  students: Map<number, AlertStudent>;
  /** student id -> the users assigned to them, their course/event or one of their teams, that the filter lets through */
  recipients: Map<number, AlertUser[]>;
  /** shown at the top of every mail; absent in unit tests */
  school_name?: string;
}

export interface NewTask {
  school_id: number;
  user_id: number;
  description: string;
  taskable_id: number;
  taskable_type: "attendance";
}

/**
 * alert_filter (decision 0341): empty lets everything through; otherwise entries "course:<id>",
 * "event:<id>" or "team:<id>" name what alerts the user.
 */
export function filterAllows(
  filter: readonly string[],
  session: Pick<DueSession, "attendable_type" | "attendable_id">,
  teamIds: readonly number[],
): boolean {
  if (filter.length === 0) return true;
  if (filter.includes(`${session.attendable_type}:${session.attendable_id}`)) return true;
  return teamIds.some((t) => filter.includes(`team:${t}`));
}

/** Reads who is concerned by these students' statuses: the students and their assigned users. */
export async function loadAlertData(db: Db, session: DueSession, ids: number[]): Promise<AlertData> {
  const out: AlertData = { students: new Map(), recipients: new Map() };
  if (ids.length === 0) return out;
  const [school] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, session.school_id));
  out.school_name = school?.name;
  const studentRows = await db
    .select({
      id: students.id,
      uuid: students.uuid,
      first_name: students.first_name,
      last_name: students.last_name,
      email: students.email,
    })
    .from(students)
    .where(inArray(students.id, ids));
  for (const s of studentRows) out.students.set(s.id, s);

  const direct = await db
    .select({ user_id: userStudent.user_id, student_id: userStudent.student_id })
    .from(userStudent)
    .where(inArray(userStudent.student_id, ids));
  const ofAttendable =
    session.attendable_type === "course"
      ? await db
          .select({ user_id: userCourse.user_id })
          .from(userCourse)
          .where(eq(userCourse.course_id, session.attendable_id))
      : await db
          .select({ user_id: userEvent.user_id })
          .from(userEvent)
          .where(eq(userEvent.event_id, session.attendable_id));
  const memberships = await db
    .select({ student_id: studentTeam.student_id, team_id: studentTeam.team_id })
    .from(studentTeam)
    .where(inArray(studentTeam.student_id, ids));
  const teamIds = [...new Set(memberships.map((m) => m.team_id))];
  const coaches = teamIds.length
    ? await db
        .select({ user_id: userTeam.user_id, team_id: userTeam.team_id })
        .from(userTeam)
        .where(inArray(userTeam.team_id, teamIds))
    : [];

  const links = new Map<number, Set<number>>(ids.map((id) => [id, new Set<number>()]));
  for (const d of direct) links.get(d.student_id)?.add(d.user_id);
  for (const u of ofAttendable) for (const id of ids) links.get(id)?.add(u.user_id);
  for (const m of memberships)
    for (const c of coaches) if (c.team_id === m.team_id) links.get(m.student_id)?.add(c.user_id);
  const userIds = [...new Set([...links.values()].flatMap((s) => [...s]))];
  const userRows = userIds.length
    ? await db
        .select({
          id: users.id,
          email: users.email,
          first_name: users.first_name,
          late_email: users.late_email,
          absent_email: users.absent_email,
          tardy_absent_email: users.tardy_absent_email,
          pindrop_email: users.pindrop_email,
          prefers_sms: users.prefers_sms,
          phone_number: users.phone_number,
          alert_filter: users.alert_filter,
        })
        .from(users)
        .where(
          and(
            inArray(users.id, userIds),
            eq(users.school_id, session.school_id),
            eq(users.active, true),
            isNull(users.deleted_at),
          ),
        )
    : [];
  const byId = new Map(userRows.map((u) => [u.id, { ...u, alert_filter: u.alert_filter ?? [] }]));
  for (const [studentId, set] of links) {
    const teams = memberships.filter((m) => m.student_id === studentId).map((m) => m.team_id);
    const list = [...set]
      .map((id) => byId.get(id))
      .filter((u): u is AlertUser => u !== undefined && filterAllows(u.alert_filter, session, teams))
      .sort((a, b) => a.id - b.id);
    out.recipients.set(studentId, list);
  }
  return out;
}

const wantsAbsent = (u: AlertUser) => u.absent_email || u.tardy_absent_email;
const wantsLate = (u: AlertUser) => u.late_email || u.tardy_absent_email;
const nameOf = (s: AlertStudent | undefined) => (s ? `${s.first_name} ${s.last_name}` : "A student");
const what = (session: DueSession) => `${session.title} on ${session.meets}`;

/**
 * Follow-up tasks: one per absence for each concerned user who asked for absence alerts
 * (absent_email or tardy_absent_email).
 */
export function planTasks(session: DueSession, concerns: readonly Concern[], data: AlertData): NewTask[] {
  const out: NewTask[] = [];
  for (const c of concerns) {
    if (c.status !== STATUS.absent) continue;
    for (const u of data.recipients.get(c.student_id) ?? []) {
      if (!wantsAbsent(u)) continue;
      out.push({
        school_id: session.school_id,
        user_id: u.id,
        description: `Follow up on the absence of ${nameOf(data.students.get(c.student_id))} from ${what(session)}`,
        taskable_id: c.attendance_id,
        taskable_type: "attendance",
      });
    }
  }
  return out;
}

/** Per user, the late and absent students they asked about (late_email, absent_email; tardy_absent_email for both). */
function alertsPerUser(concerns: readonly Concern[], data: AlertData) {
  const perUser = new Map<number, { user: AlertUser; late: number[]; absent: number[] }>();
  for (const c of concerns) {
    const late = c.status === STATUS.late;
    if (!late && c.status !== STATUS.absent) continue;
    for (const u of data.recipients.get(c.student_id) ?? []) {
      if (late ? !wantsLate(u) : !wantsAbsent(u)) continue;
      const entry = perUser.get(u.id) ?? { user: u, late: [], absent: [] };
      (late ? entry.late : entry.absent).push(c.student_id);
      perUser.set(u.id, entry);
    }
  }
  return [...perUser.values()];
}

/**
 * Alert mails: one per user per session listing the late and absent students they asked about,
 * except to users who take their alerts by text (planTexts); and, when the course or event has
 * alerts_students, one to each late or absent student with an e-mail.
 */
export function planMails(
  session: DueSession,
  concerns: readonly Concern[],
  data: AlertData,
  publicUrl: string,
): Mail[] {
  const school = data.school_name ?? "Rollbook";
  const item = (id: number): ListItem => {
    const s = data.students.get(id);
    return { text: nameOf(s), href: s ? `${publicUrl}/Students/${s.uuid}` : undefined };
  };
  const mails: Mail[] = [];
  for (const { user, late, absent } of alertsPerUser(concerns, data)) {
    if (textsInstead(user)) continue;
    const blocks = [];
    if (absent.length) blocks.push({ heading: `Absent (${absent.length})`, items: absent.map(item) });
    if (late.length) blocks.push({ heading: `Late (${late.length})`, items: late.map(item) });
    const rendered = renderMail({
      school,
      subject: `Attendance alert: ${what(session)}`,
      greeting: `Hello ${user.first_name},`,
      blocks: [{ paragraph: `Attendance of ${what(session)}:` }, ...blocks],
      reason: "You receive this because of your alert settings in Rollbook.",
      unsubscribeUrl: unsubscribeUrl(publicUrl),
    });
    mails.push({ to: user.email, ...rendered });
  }
  if (session.alerts_students) {
    for (const c of concerns) {
      const s = data.students.get(c.student_id);
      if (!s?.email || (c.status !== STATUS.late && c.status !== STATUS.absent)) continue;
      const status = c.status === STATUS.late ? "late" : "absent";
      const rendered = renderMail({
        school,
        subject: `You were ${status}: ${what(session)}`,
        greeting: `Hello ${s.first_name},`,
        blocks: [
          { paragraph: `You were marked ${status} for ${what(session)}.` },
          { paragraph: "If this is wrong, please talk to your instructor." },
        ],
        reason: `${session.title} tells its students about their absences and late arrivals.`,
        // students have no sign-in to change it: the course or event decides (alerts_students)
        unsubscribeUrl: null,
      });
      mails.push({ to: s.email, ...rendered });
    }
  }
  return mails;
}

/** The same alerts as short texts, for users with prefers_sms and a phone number (decision 0900). */
export function planTexts(session: DueSession, concerns: readonly Concern[], data: AlertData): Sms[] {
  const names = (ids: number[]) => ids.map((id) => nameOf(data.students.get(id))).join(", ");
  const out: Sms[] = [];
  for (const { user, late, absent } of alertsPerUser(concerns, data)) {
    if (!textsInstead(user)) continue;
    const parts = [];
    if (absent.length) parts.push(`absent: ${names(absent)}`);
    if (late.length) parts.push(`late: ${names(late)}`);
    out.push({
      to: (user.phone_number ?? "").trim(),
      text: `${data.school_name ?? "Rollbook"}: ${what(session)}, ${parts.join("; ")}`,
    });
  }
  return out;
}
