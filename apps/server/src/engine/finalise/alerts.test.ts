import { STATUS } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { type AlertData, type AlertUser, filterAllows, planMails, planTasks, planTexts } from "./alerts.ts";
import type { DueSession } from "./due.ts";

const session = {
  attendable_type: "course",
  attendable_id: 7,
  meets: "2026-11-23",
  school_id: 1,
  title: "Biology",
  alerts_students: false,
} as DueSession;

const user = (id: number, opts: Partial<AlertUser> = {}): AlertUser => ({
  id,
  email: `u${id}@school.test`,
  first_name: `U${id}`,
  late_email: false,
  absent_email: false,
  tardy_absent_email: false,
  pindrop_email: false,
  prefers_sms: false,
  phone_number: null,
  alert_filter: [],
  ...opts,
});

function data(recipients: AlertUser[]): AlertData {
  return {
    students: new Map([
      [10, { id: 10, uuid: "u-10", first_name: "Ann", last_name: "Absent", email: "ann@student.test" }],
      [11, { id: 11, uuid: "u-11", first_name: "Leo", last_name: "Late", email: null }],
    ]),
    recipients: new Map([
      [10, recipients],
      [11, recipients],
    ]),
  };
}
const concerns = [
  { attendance_id: 100, student_id: 10, status: STATUS.absent },
  { attendance_id: 101, student_id: 11, status: STATUS.late },
];

describe("alert_filter", () => {
  it("lets everything through when empty, else only the named course, event or team", () => {
    expect(filterAllows([], session, [])).toBe(true);
    expect(filterAllows(["course:7"], session, [])).toBe(true);
    expect(filterAllows(["course:8", "event:7"], session, [])).toBe(false);
    expect(filterAllows(["team:3"], session, [3, 4])).toBe(true);
    expect(filterAllows(["team:5"], session, [3, 4])).toBe(false);
  });
});

describe("planTasks", () => {
  it("one task per absence for each user who asked for absence alerts, none for lateness", () => {
    const tasks = planTasks(
      session,
      concerns,
      data([user(1, { absent_email: true }), user(2, { late_email: true }), user(3, { tardy_absent_email: true })]),
    );
    expect(tasks.map((t) => [t.user_id, t.taskable_id])).toEqual([
      [1, 100],
      [3, 100],
    ]);
    expect(tasks[0]!.description).toBe("Follow up on the absence of Ann Absent from Biology on 2026-11-23");
  });
});

describe("planMails", () => {
  it("one mail per user listing the statuses they asked about, with links", () => {
    const mails = planMails(
      session,
      concerns,
      data([
        user(1, { absent_email: true }),
        user(2, { late_email: true }),
        user(3, { tardy_absent_email: true }),
        user(4),
      ]),
      "https://rollbook.school.test",
    );
    expect(mails.map((m) => m.to).sort()).toEqual(["u1@school.test", "u2@school.test", "u3@school.test"]);
    const to = (n: number) => mails.find((m) => m.to === `u${n}@school.test`)!;
    expect(to(1).text).toContain("Absent (1):\n- Ann Absent: https://rollbook.school.test/Students/u-10");
    expect(to(1).text).not.toContain("Leo");
    expect(to(2).text).toContain("Late (1):\n- Leo Late");
    expect(to(2).text).not.toContain("Ann");
    expect(to(3).text).toContain("Ann Absent");
    expect(to(3).text).toContain("Leo Late");
    expect(to(1).subject).toBe("Attendance alert: Biology on 2026-11-23");
  });

  it("tells late and absent students themselves when the course has alerts_students and they have an e-mail", () => {
    const mails = planMails({ ...session, alerts_students: true }, concerns, data([]), "https://x.test");
    expect(mails).toEqual([
      expect.objectContaining({ to: "ann@student.test", subject: "You were absent: Biology on 2026-11-23" }),
    ]);
  });
});

describe("alerts by text", () => {
  it("users with prefers_sms and a phone get a text instead of the mail; without a phone, the mail", () => {
    const users = [
      user(1, { absent_email: true, prefers_sms: true, phone_number: "+1 555 0101" }),
      user(2, { absent_email: true, prefers_sms: true, phone_number: null }),
      user(3, { late_email: true }),
    ];
    const d = { ...data(users), school_name: "Hill School" };
    expect(planMails(session, concerns, d, "https://x.test").map((m) => m.to)).toEqual([
      "u2@school.test",
      "u3@school.test",
    ]);
    expect(planTexts(session, concerns, d)).toEqual([
      { to: "+1 555 0101", text: "Hill School: Biology on 2026-11-23, absent: Ann Absent" },
    ]);
  });
});
