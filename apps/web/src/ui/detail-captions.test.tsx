import type { UseQueryResult } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../test/render.tsx";
import { StudentsTab as EventStudentsTab } from "../features/events/detail/StudentsTab.tsx";
import type { EventDetail } from "../features/events/queries.ts";
import { AssignedUsers } from "../features/links/AssignedUsers.tsx";
import type { StaffMember } from "../features/links/staff.ts";
import { CoursesTab } from "../features/students/detail/CoursesTab.tsx";
import { EventsTab } from "../features/students/detail/EventsTab.tsx";
import { ExcusesSection } from "../features/students/detail/ExcusesSection.tsx";
import type { StudentDetail } from "../features/students/detail/types.ts";
import { TravelTab } from "../features/teams/detail/TravelTab.tsx";
import type { TeamDetail } from "../features/teams/queries.ts";
import { LiveRoster } from "./roster/LiveRoster.tsx";
import type { Roster } from "./roster/roster-calls.ts";

const SCROLLER = ".mantine-TableScrollContainer-scrollContainer";

/**
 * A <caption> is as wide as its table: where the table scrolls sideways on a phone, the caption
 * scrolled with it and was cut off ("Courses of Cal", "18 students attending Study"). Every
 * table of the detail pages is named by a caption set above it, outside the sideways scroll.
 */
async function expectOuterCaption(words: string) {
  const table = await screen.findByRole("table", { name: words });
  expect(table.closest(SCROLLER), "the table scrolls sideways in its box").not.toBeNull();
  const caption = screen.getByText(words);
  expect(caption.closest(SCROLLER), "the caption is outside that box").toBeNull();
  expect(caption.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

const student = {
  id: 1,
  uuid: "fa6caf12-5960-44ea-8b33-27aaf435aecc",
  first_name: "Caleb",
  last_name: "Adams",
  course_stats: [
    {
      course: { id: 3, uuid: "c3", title: "Calculus", start_time: "11:30", end_time: "12:20" },
      apa: 95,
      week_apa: null,
      attended: 19,
      missed: 1,
      last_attended: "2026-11-27",
      missed_streak: 0,
    },
  ],
  events: [
    {
      event: { id: 4, uuid: "e4", title: "College Fair", date: "2026-12-03", start_time: "10:00", end_time: "13:00" },
      in_waitlist: false,
      status: null,
    },
  ],
  excuses: [
    {
      id: 5,
      date: "2026-11-20",
      notes: null,
      attendable_id: 3,
      attendable_type: "course",
      attendable_title: "Calculus",
      created_at: "2026-11-20T15:00:00.000Z",
    },
  ],
} as unknown as StudentDetail;

const can = { edit: true, assign: true, manageUsers: true, override: true };

describe("the detail pages' table captions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a participant's Courses tab", async () => {
    renderUi(<CoursesTab student={student} warning={70} />);
    await expectOuterCaption("Courses of Caleb");
  });

  it("a participant's Events tab", async () => {
    renderUi(<EventsTab student={student} />);
    await expectOuterCaption("Attending events");
  });

  it("a participant's excuses", async () => {
    renderUi(<ExcusesSection student={student} canChange={false} />);
    await expectOuterCaption("Excuses, newest date first");
  });

  it("an event's Students tab", async () => {
    const people = [
      {
        id: 7,
        uuid: "7e1c0c1e-0000-4000-8000-000000000007",
        first_name: "Noah",
        last_name: "Brown",
        preferred_name: null,
        email: null,
        school_identifier: "S7",
        semester_apa: 85,
      },
    ];
    stubGraphql({ eventStudents: () => ({ event: { id: 4, students: people } }) });
    const event = { id: 4, uuid: "b623012f", title: "Study Skills Workshop", deleted_at: null } as EventDetail;
    renderUi(<EventStudentsTab event={event} can={can} warning={70} />, { me: testMe(3) });
    await expectOuterCaption("1 student attending Study Skills Workshop");
  });

  it("a team's Travel tab", async () => {
    const travel = {
      id: 9,
      team_id: 2,
      start_date: "2026-11-20T13:00:00.000Z",
      end_date: "2026-11-21T22:00:00.000Z",
      notes: null,
      is_away: true,
      students_count: 0,
      students: [],
    };
    stubGraphql({ teamTravel: () => ({ travel: { total: 1, data: [travel] } }) });
    const team = { id: 2, uuid: "ba542c46", name: "Debate Club", deleted_at: null } as unknown as TeamDetail;
    renderUi(<TravelTab team={team} timeZone="America/New_York" />, { me: testMe(3) });
    await expectOuterCaption("Travel of Debate Club, newest first");
  });

  it("the Users tab of a course, event or team", async () => {
    const staff = [
      {
        id: 3,
        first_name: "Pat",
        last_name: "Jones",
        email: "pat@x.test",
        role_id: 6,
        role: { id: 6, display_name: "Professor" },
      },
    ];
    renderUi(
      <AssignedUsers
        type="course"
        id={1}
        title="Algebra"
        users={{ isPending: false, isError: false, error: null, data: staff as unknown as StaffMember[] }}
        canManage={false}
        onChanged={async () => {}}
      />,
      { me: testMe(3) },
    );
    await expectOuterCaption("Staff assigned to Algebra");
  });

  it("the live roster", async () => {
    const roster = {
      start: "2026-11-30T05:00:00.000Z",
      end: "2026-11-30T04:59:00.000Z",
      meets: true,
      rows: [
        {
          attendance_id: null,
          status: null,
          enter: null,
          exit: null,
          confidence: null,
          updated_at: null,
          student: { id: 7, uuid: "s7", first_name: "Leo", last_name: "Adams", preferred_name: null },
        },
      ],
    } as unknown as Roster;
    renderUi(
      <LiveRoster
        of={{ id: 1, type: "course", noun: "enrolled", idle: "No session in progress." }}
        roster={{ isPending: false, isError: false, data: roster } as UseQueryResult<Roster | null>}
        timeZone="America/New_York"
        canOverride={false}
        onChanged={() => {}}
      />,
    );
    await expectOuterCaption("1 student enrolled; updated live");
  });
});
