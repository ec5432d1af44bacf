import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi } from "../../../../test/render.tsx";
import { EditStudentForm } from "./EditStudentForm.tsx";
import { studentFixture } from "./student-fixture.ts";

const student = studentFixture();

// the browser's own clock is in a third zone, so neither UTC's date nor the browser's stands in for the school's
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Asia/Tokyo";
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});
afterEach(() => vi.useRealTimers());

/**
 * A date of birth is checked against the school's today, as the server checks it (cleanStudentInput
 * with localDate(now, the school's zone)): before it, today refused. At each instant below the
 * school's date is not UTC's, nor Tokyo's.
 */
describe("the participant's date of birth, on the school's clock", () => {
  it.each([
    // 04:39 UTC on Nov 29 is 8:39 PM on Nov 28 in Los Angeles (and 1:39 PM on Nov 29 in Tokyo)
    {
      zone: "America/Los_Angeles",
      at: "2026-11-29T04:39:00.000Z",
      tomorrow: "11/29/2026",
      today: "11/28/2026",
      yesterday: "11/27/2026",
      sent: "2026-11-27",
    },
    // 12:30 UTC on Nov 29 is 1:30 AM on Nov 30 in Auckland (and 9:30 PM on Nov 29 in Tokyo)
    {
      zone: "Pacific/Auckland",
      at: "2026-11-29T12:30:00.000Z",
      tomorrow: "12/01/2026",
      today: "11/30/2026",
      yesterday: "11/29/2026",
      sent: "2026-11-29",
    },
  ])("$zone: the school's tomorrow and today are refused, its yesterday is saved", async (c) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(c.at));
    const user = userEvent.setup();
    const calls = stubGraphql({ studentDetailUpdate: () => ({ updateStudent: { id: 7 } }) });
    renderUi(<EditStudentForm student={student} timeZone={c.zone} withInfo onDone={() => {}} />);
    const dob = await screen.findByRole("textbox", { name: "Date of birth" });
    const save = screen.getByRole("button", { name: "Save" });
    const refusal = `Date of birth must be in the past (the school's today is ${c.today})`;

    for (const refused of [c.tomorrow, c.today]) {
      await user.clear(dob);
      await user.type(dob, refused);
      await user.click(save);
      await waitFor(() => expect(dob.getAttribute("aria-invalid")).toBe("true"));
      expect(screen.getByText(refusal)).toBeTruthy();
      expect(calls.map((x) => x.operation)).not.toContain("studentDetailUpdate");
    }

    await user.clear(dob);
    await user.type(dob, c.yesterday);
    await user.click(save);
    const updates = () => calls.filter((x) => x.operation === "studentDetailUpdate").map((x) => x.variables);
    await waitFor(() => expect(updates()).not.toEqual([]));
    // the one call made is the accepted date's: neither refused date was sent
    expect(updates()).toEqual([expect.objectContaining({ id: 7, date_of_birth: c.sent })]);
  });
});
