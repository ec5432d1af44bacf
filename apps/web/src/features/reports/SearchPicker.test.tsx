import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi } from "../../../test/render.tsx";
import { buildTheme } from "../../app/theme.ts";
import { DEFAULT_PREFS } from "../../lib/session.ts";
import { SearchMultiPicker, SearchPicker } from "./SearchPicker.tsx";

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

describe("a report's multi-picker and the Tab key", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps its open list out of the tab order: Tab goes from the field to the next control", async () => {
    // more classes than the list shows at once: it scrolls, and Chromium makes a scroll box with
    // nothing focusable in it a tab stop. Tab went there, the field's blur closed the list, and
    // focus fell to <body> for one Tab (jsdom does neither: the list's tabindex is what it can see)
    const courses = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      uuid: `course-${i + 1}`,
      title: `Class ${i + 1}`,
    }));
    stubGraphql({ courseOptions: () => ({ courses: { total: courses.length, data: courses } }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MantineProvider env="test" theme={buildTheme(DEFAULT_PREFS)}>
          <SearchMultiPicker source="course" label="Classes" value={[]} onChange={() => {}} />
          <button type="button">Next</button>
        </MantineProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Classes" }));
    const listbox = await screen.findByRole("listbox", { name: "Classes", hidden: true });
    await screen.findByRole("option", { name: "Class 30", hidden: true });
    expect(listbox.getAttribute("tabindex")).toBe("-1");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Next" }));
  });
});
