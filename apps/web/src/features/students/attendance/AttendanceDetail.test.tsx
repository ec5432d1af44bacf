import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../../test/render.tsx";
import { AttendanceDetail } from "./AttendanceDetail.tsx";
import type { AttendanceRow } from "./types.ts";

const row: AttendanceRow = {
  id: 1,
  meets: "2026-11-20T15:30:00.000Z",
  status: 2,
  enter: null,
  exit: null,
  percentage: 0,
  confidence: null,
  unconfirmed_status: null,
  lock: true,
  finished: true,
  attendable_title: "Biology",
  location: null,
  evidence: [],
  // overridden eight days after the session, at 11:34:06 PM in New York (04:34:06 UTC the next day)
  activity: [{ id: 9, event: "override", created_at: "2026-11-29T04:34:06.000Z" }],
  overrides: [],
  coordinates: [],
};

describe("AttendanceDetail", () => {
  it("dates each Activity entry in the school's zone, not only its clock time", () => {
    renderUi(
      <AttendanceDetail row={row} timeZone="America/New_York" statuses={[]} canOverride={false} label="11/20/2026" />,
    );
    const activity = screen.getByRole("region", { name: "Activity" });
    expect(within(activity).getByText("11/28/2026, 11:34:06 PM")).toBeTruthy();
  });
});
