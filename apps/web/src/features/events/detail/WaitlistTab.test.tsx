import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../../test/render.tsx";
import type { EventDetail } from "../queries.ts";
import { WaitlistTab } from "./WaitlistTab.tsx";

const admin = testMe(3);
const can = { edit: true, assign: true, manageUsers: true, override: true };
const event = (attending_count: number) =>
  ({
    id: 4,
    uuid: "7ca4e954-3dae-4725-a2d7-10b8d9780f1f",
    title: "College Fair",
    capacity: 20,
    attending_count,
    waitlist_count: 1,
    deleted_at: null,
  }) as EventDetail;

const waitlist = [
  {
    position: 1,
    created_at: "2026-11-25T14:00:00.000Z",
    student: {
      id: 7,
      uuid: "7e1c0c1e-0000-4000-8000-000000000007",
      first_name: "Ava",
      last_name: "Nguyen",
      preferred_name: null,
      school_identifier: "S7",
      email: null,
    },
  },
];

describe("WaitlistTab, the table", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is named by its caption, which sits outside the sideways scroll where a phone wraps it", async () => {
    stubGraphql({ eventWaitlist: () => ({ event: { id: 4, waitlist } }) });
    renderUi(<WaitlistTab event={event(20)} timeZone="America/New_York" can={can} />, { me: admin });
    const words = "Waitlist of College Fair, in the order seats are given";
    const table = await screen.findByRole("table", { name: words });
    const scroller = ".mantine-TableScrollContainer-scrollContainer";
    expect(table.closest(scroller)).not.toBeNull();
    expect(screen.getByText(words).closest(scroller)).toBeNull();
  });
});

describe("WaitlistTab, Move up", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is disabled while the event is full, described by the line that says why", async () => {
    stubGraphql({ eventWaitlist: () => ({ event: { id: 4, waitlist } }) });
    renderUi(<WaitlistTab event={event(20)} timeZone="America/New_York" can={can} />, { me: admin });
    const button = (await screen.findByRole("button", { name: "Move up Ava Nguyen" })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const why = document.getElementById(button.getAttribute("aria-describedby") ?? "-");
    expect(why?.textContent).toBe("Full (20 of 20). Raise the capacity to move someone up.");
  });

  it("is enabled with a free seat", async () => {
    stubGraphql({ eventWaitlist: () => ({ event: { id: 4, waitlist } }) });
    renderUi(<WaitlistTab event={event(19)} timeZone="America/New_York" can={can} />, { me: admin });
    const button = (await screen.findByRole("button", { name: "Move up Ava Nguyen" })) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute("aria-describedby")).toBeNull();
  });
});

describe("WaitlistTab, nobody waiting", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    { attending: 12, line: "8 of 20 seats left." },
    { attending: 20, line: "Full (20 of 20)." },
  ])("says the seats ($line) and no word of moving someone up", async ({ attending, line }) => {
    stubGraphql({ eventWaitlist: () => ({ event: { id: 4, waitlist: [] } }) });
    renderUi(<WaitlistTab event={{ ...event(attending), waitlist_count: 0 }} timeZone="America/New_York" can={can} />, {
      me: admin,
    });
    await screen.findByText("Nobody is waiting.");
    expect(screen.getByText(line, { exact: true })).toBeTruthy();
    expect(screen.queryByText(/first in line|Raise the capacity/)).toBeNull();
  });
});

describe("WaitlistTab, a viewer who sees only the students linked to them", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says how many of the waiting it lists, and why, so the tab's count is not contradicted", async () => {
    stubGraphql({ eventWaitlist: () => ({ event: { id: 4, waitlist } }) });
    renderUi(<WaitlistTab event={{ ...event(20), waitlist_count: 3 }} timeZone="America/New_York" can={can} />, {
      me: testMe(6),
    });
    await screen.findByRole("table");
    expect(
      screen.getByText(/^Listed: 1 of the 3 students on the waitlist; you see only students linked to you/),
    ).toBeTruthy();
  });

  it("does not say nobody is waiting when the ones waiting are not theirs", async () => {
    stubGraphql({ eventWaitlist: () => ({ event: { id: 4, waitlist: [] } }) });
    renderUi(<WaitlistTab event={{ ...event(20), waitlist_count: 2 }} timeZone="America/New_York" can={can} />, {
      me: testMe(6),
    });
    await screen.findByText(/^None of the 2 students on the waitlist is listed/);
    expect(screen.queryByText("Nobody is waiting.")).toBeNull();
  });
});
