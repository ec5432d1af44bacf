import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../../test/render.tsx";
import StudentsPage from "./StudentsPage.tsx";

const SCHOOL = { id: 1, timezone: "America/New_York", warning_percentage: 70 };

const student = (id: number, first_name: string, last_name: string) => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  first_name,
  last_name,
  preferred_name: null,
  email: `${first_name}.${last_name}@test.invalid`.toLowerCase(),
  school_identifier: null,
  weekly_apa: null,
  semester_apa: null,
  last_seen: null,
  deleted_at: null,
  device_id: null,
  device: null,
});

const STUDENTS = [student(1, "Ada", "Bulkley"), student(2, "Bob", "Bulkley"), student(3, "Cy", "Other")];

/** The students list as the server answers it: a search matches names and e-mail, case-blind. */
const answer = (variables: Record<string, unknown>) => {
  const q = String(variables.query ?? "").toLowerCase();
  const data = STUDENTS.filter((s) => `${s.first_name} ${s.last_name} ${s.email}`.toLowerCase().includes(q));
  return { school: SCHOOL, students: { total: data.length, data } };
};

/** A stand-in server whose answers to a search wait until the test lets them go. */
function heldServer() {
  const held: (() => void)[] = [];
  const calls = stubGraphql({
    studentsList: (variables) =>
      variables.query ? new Promise((resolve) => held.push(() => resolve(answer(variables)))) : answer(variables),
  });
  const release = () => {
    for (const go of held.splice(0)) go();
  };
  return { calls, held, release };
}

const box = (name: string) => screen.queryByRole("checkbox", { name: `Select ${name}` }) as HTMLInputElement | null;
const search = () => screen.getByLabelText("Search participants");

/** Types a search and presses Enter; resolves once its call is on the way (held). */
async function searchByEnter(server: ReturnType<typeof heldServer>, text: string) {
  fireEvent.change(search(), { target: { value: text } });
  fireEvent.keyDown(search(), { key: "Enter" });
  await waitFor(() => expect(server.held).toHaveLength(1));
}

async function open() {
  renderUi(<StudentsPage />, { url: "/Students", me: testMe(3) });
  await screen.findByRole("checkbox", { name: "Select Cy Other" });
}

/**
 * A search settles after the staff member may already have picked rows from the rows still shown
 * (its 100 ms pause still running, or its answer on the way). Decision 0589: the rows in the
 * settled result stay selected, the others are dropped.
 */
describe("StudentsPage: the selection while a search settles", () => {
  it("keeps a row picked while the search's pause still runs, when the row is in its result", async () => {
    const server = heldServer();
    await open();
    // typing and the pick in one go: the 100 ms pause cannot have ended in between
    fireEvent.change(search(), { target: { value: "Ada" } });
    fireEvent.click(box("Ada Bulkley") as HTMLInputElement);
    expect(box("Ada Bulkley")?.checked).toBe(true);

    await waitFor(() => expect(server.held).toHaveLength(1));
    server.release();
    await waitFor(() => expect(box("Bob Bulkley")).toBeNull());
    expect(box("Ada Bulkley")?.checked).toBe(true);
    expect(screen.getByText("1 selected")).toBeTruthy();
  });

  it("after Enter, keeps the picked rows the answer holds and drops the others", async () => {
    const server = heldServer();
    await open();
    await searchByEnter(server, "Bulkley");
    // the answer is on the way: the previous rows are still shown, and picked
    fireEvent.click(box("Ada Bulkley") as HTMLInputElement);
    fireEvent.click(box("Cy Other") as HTMLInputElement);
    expect(screen.getByText("2 selected")).toBeTruthy();

    server.release();
    await waitFor(() => expect(box("Cy Other")).toBeNull());
    expect(box("Ada Bulkley")?.checked).toBe(true);
    expect(box("Bob Bulkley")?.checked).toBe(false);
    expect(screen.getByText("1 selected")).toBeTruthy();
    // one search for what was typed: Enter cancelled the pause's
    expect(server.calls.filter((c) => c.variables.query).map((c) => c.variables.query)).toEqual(["Bulkley"]);
  });

  it("keeps the selection through a narrower search with the same rows", async () => {
    const server = heldServer();
    await open();
    await searchByEnter(server, "Bul");
    server.release();
    await waitFor(() => expect(box("Cy Other")).toBeNull());
    fireEvent.click(box("Ada Bulkley") as HTMLInputElement);
    fireEvent.click(box("Bob Bulkley") as HTMLInputElement);

    await searchByEnter(server, "Bulkley");
    server.release();
    await waitFor(() =>
      expect(screen.getByRole("table", { name: "Participants" }).getAttribute("aria-busy")).toBeNull(),
    );
    expect(box("Ada Bulkley")?.checked).toBe(true);
    expect(box("Bob Bulkley")?.checked).toBe(true);
    expect(screen.getByText("2 selected")).toBeTruthy();
  });
});
