import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi } from "../../../test/render.tsx";
import { endSession, signIn } from "../../lib/session.ts";
import { GlobalSearch } from "./GlobalSearch.tsx";

const student = { uuid: "s1", firstName: "Ann", lastName: "Adams", email: "ann@x.test" };
const course = { uuid: "c1", title: "Algebra", startTime: "10:00", endTime: "11:15", days: "M W" };
const found = (patch: Partial<Record<"students" | "courses", unknown[]>>) => ({
  search: { students: [], courses: [], teams: [], events: [], ...patch },
});
/** "A" (and any prefix of "Algebra" searched on the way) finds a participant first; "Algebra" the class. */
const PREFIX = found({ students: [student], courses: [course] });
const WORD = found({ courses: [course] });

function Path() {
  return <div data-testid="path">{useLocation().pathname}</div>;
}

/** An answer the test gives when it chooses. */
function later<T>() {
  let give!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    give = resolve;
  });
  return { promise, give };
}

const box = () => screen.getByRole("combobox", { name: "Search" });
const path = () => screen.getByTestId("path").textContent;
/** The search's live region (the probes are <output>s, status too). */
const status = () => within(screen.getByRole("search", { name: "Global search" })).getByRole("status").textContent;

/** Typed "A" and waited for its hits: the participant is the first option. */
async function typePrefix(answers: Record<string, unknown>) {
  const calls = stubGraphql({
    globalSearch: (v) => answers[String(v.query)] ?? PREFIX,
  });
  renderUi(
    <>
      <GlobalSearch />
      <Path />
    </>,
    { url: "/Dashboard" },
  );
  const user = userEvent.setup();
  await user.click(box());
  await user.keyboard("A");
  const list = await screen.findByRole("listbox", { name: "Search results" });
  expect(within(list).getAllByRole("option")[0]?.textContent).toContain("Ann Adams");
  await waitFor(() => expect(status()).toBe("2 results"));
  return { user, calls, list };
}

describe("GlobalSearch", () => {
  beforeEach(() => signIn({ access_token: "access", search_token: "search" }));
  afterEach(() => endSession("logout"));

  it("Enter pressed before the typed word's hits come waits for them and opens the first, not the prefix's", async () => {
    const word = later<unknown>();
    const { user } = await typePrefix({ A: PREFIX, Algebra: word.promise });
    await user.keyboard("lgebra{Enter}");
    // the prefix's hits are still shown; its first (the participant) must not open
    expect(path()).toBe("/Dashboard");
    expect(within(screen.getByRole("listbox")).getAllByRole("option")[0]?.textContent).toContain("Ann Adams");
    // nor be announced as the typed word's hits; the list says it is still searching
    expect(status()).toBe("");
    expect(screen.getByRole("listbox").getAttribute("aria-busy")).toBe("true");
    word.give(WORD);
    await waitFor(() => expect(path()).toBe("/Courses/c1"));
    expect((box() as HTMLInputElement).value).toBe("");
  });

  it("drops a waiting Enter when the text changes before its hits come", async () => {
    const word = later<unknown>();
    const { user } = await typePrefix({ A: PREFIX, Alg: word.promise, Algx: WORD });
    await user.keyboard("lg{Enter}x");
    word.give(WORD);
    // the hits of "Algx" come, but Enter was pressed on "Alg": nothing opens
    await waitFor(() => expect(status()).toBe("1 result"));
    await new Promise((r) => setTimeout(r, 50));
    expect(path()).toBe("/Dashboard");
    expect(screen.getByRole("listbox").getAttribute("aria-busy")).toBeNull();
  });

  it("the arrows do not walk the prefix's hits while the typed word's are searched; then they do", async () => {
    const word = later<unknown>();
    const { user } = await typePrefix({ A: PREFIX, Algebra: word.promise });
    await user.keyboard("{ArrowDown}");
    expect(box().getAttribute("aria-activedescendant")).toBe(
      within(screen.getByRole("listbox")).getAllByRole("option")[0]?.id,
    );
    // typing moves the highlight off the old hits, and the arrows wait for the new ones
    await user.keyboard("lgebra{ArrowDown}");
    expect(box().getAttribute("aria-activedescendant")).toBeNull();
    word.give(WORD);
    await waitFor(() => expect(status()).toBe("1 result"));
    expect(screen.getByRole("listbox").getAttribute("aria-busy")).toBeNull();
    await user.keyboard("{ArrowDown}");
    const only = within(screen.getByRole("listbox")).getByRole("option", { name: /Algebra/ });
    expect(box().getAttribute("aria-activedescendant")).toBe(only.id);
    expect(only.getAttribute("aria-selected")).toBe("true");
    expect(box().getAttribute("aria-expanded")).toBe("true");
    expect(box().getAttribute("aria-controls")).toBe(screen.getByRole("listbox").id);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(path()).toBe("/Courses/c1"));
  });
});
