import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi } from "../../../test/render.tsx";
import { SearchPicker } from "./SearchPicker.tsx";

const NORA = "079d93b6-10dd-4d1c-9149-868922df5bce";
/** Another one (the picker remembers the names it has seen, across tests too). */
const GONE = "137c1a41-82b4-42b4-98dc-b0771342b75e";

/** The first page of participants by name: Nora Young, far down the alphabet, is not on it. */
const firstPage = () => ({
  students: {
    data: [
      {
        id: 1,
        uuid: "a8bcad93-60d7-40d1-a5f6-bf40a838df51",
        first_name: "Caleb",
        last_name: "Adams",
        preferred_name: null,
        email: "caleb@school.test",
      },
      {
        id: 2,
        uuid: "67b43057-ac33-497b-be3f-a6bb32ffe1ff",
        first_name: "Sofia",
        last_name: "Adams",
        preferred_name: null,
        email: null,
      },
    ],
  },
});

describe("a report's picker holding a uuid its list left out (a link or a reload)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the chosen participant's name, not a stand-in, and never searches for the stand-in", async () => {
    const calls = stubGraphql({
      reportStudentOptions: firstPage,
      reportStudentLabel: ({ uuid }) => ({
        student: {
          id: 200,
          uuid,
          first_name: "Nora",
          last_name: "Young",
          preferred_name: null,
          email: "nora@school.test",
        },
      }),
    });
    renderUi(<SearchPicker source="student" label="Participant" by="uuid" value={NORA} onChange={() => {}} required />);
    const picker = screen.getByRole("combobox", { name: "Participant" });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe("Nora Young (nora@school.test)"));
    expect(calls.filter((c) => c.operation === "reportStudentLabel").map((c) => c.variables)).toEqual([{ uuid: NORA }]);
    // the words Mantine wrote into the search box were no search of the user's
    for (const c of calls.filter((call) => call.operation === "reportStudentOptions"))
      expect(c.variables.query ?? "").not.toMatch(/Selected/);
  });

  it("keeps the stand-in when the row cannot be looked up, without asking again and again", async () => {
    const calls = stubGraphql({ reportStudentOptions: firstPage });
    renderUi(<SearchPicker source="student" label="Participant" by="uuid" value={GONE} onChange={() => {}} required />);
    const picker = screen.getByRole("combobox", { name: "Participant" });
    await waitFor(() => expect(calls.some((c) => c.operation === "reportStudentLabel")).toBe(true));
    await new Promise((r) => setTimeout(r, 300));
    expect((picker as HTMLInputElement).value).toBe("Selected participant");
    expect(calls.filter((c) => c.operation === "reportStudentLabel")).toHaveLength(1);
    expect(calls.filter((c) => c.operation === "reportStudentOptions").every((c) => !c.variables.query)).toBe(true);
  });
});
