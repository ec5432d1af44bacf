import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../../test/render.tsx";
import type { EventDetail } from "../queries.ts";
import { StudentsTab } from "./StudentsTab.tsx";

const can = { edit: false, assign: false, manageUsers: false, override: false };
const event = {
  id: 4,
  uuid: "7ca4e954-3dae-4725-a2d7-10b8d9780f1f",
  title: "College Fair",
  capacity: 20,
  attending_count: 20,
  waitlist_count: 0,
  deleted_at: null,
  restriction: null,
} as EventDetail;
const student = (id: number) => ({
  id,
  uuid: `7e1c0c1e-0000-4000-8000-00000000000${id}`,
  first_name: "Ava",
  last_name: `Nguyen${id}`,
  preferred_name: null,
  email: null,
  school_identifier: `S${id}`,
  semester_apa: 0.9,
});

describe("StudentsTab, a viewer who sees only the students linked to them (roles 5-9)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says it lists 2 of the 20 attending, and why, where the header says Full (20 of 20)", async () => {
    stubGraphql({ eventStudents: () => ({ event: { id: 4, students: [student(1), student(2)] } }) });
    renderUi(<StudentsTab event={event} can={can} warning={80} />, { me: testMe(6) });
    await screen.findByRole("table", { name: "2 students attending College Fair" });
    expect(
      screen.getByText(
        "Listed: 2 of the 20 students attending; you see only students linked to you (your courses, events, teams and students).",
      ),
    ).toBeTruthy();
  });

  it("does not say nobody attends when none of those attending is theirs", async () => {
    stubGraphql({ eventStudents: () => ({ event: { id: 4, students: [] } }) });
    renderUi(<StudentsTab event={event} can={can} warning={80} />, { me: testMe(6) });
    await screen.findByText(/^None of the 20 students attending is listed: you see only students linked to you/);
    expect(screen.queryByText("No students attending yet.")).toBeNull();
  });
});

describe("StudentsTab, an administrator (sees the whole school)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("adds no such line, even while the list is shorter than the count (a refetch in flight)", async () => {
    stubGraphql({ eventStudents: () => ({ event: { id: 4, students: [student(1)] } }) });
    renderUi(<StudentsTab event={event} can={can} warning={80} />, { me: testMe(3) });
    await screen.findByRole("table", { name: "1 student attending College Fair" });
    expect(screen.queryByText(/^Listed:/)).toBeNull();
  });

  it("says nobody attends yet when the event has no one", async () => {
    stubGraphql({ eventStudents: () => ({ event: { id: 4, students: [] } }) });
    renderUi(<StudentsTab event={{ ...event, attending_count: 0 }} can={can} warning={80} />, { me: testMe(3) });
    expect(await screen.findByText("No students attending yet.")).toBeTruthy();
  });
});
