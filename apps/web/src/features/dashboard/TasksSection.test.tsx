import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import type { MeTask } from "../../lib/me.ts";
import { TasksSection } from "./TasksSection.tsx";

const task = {
  id: 1,
  description: "Follow up on the absence of Nora Young from Economics on 2026-11-27",
  taskable_id: 7,
  taskable_type: "attendance",
  created_at: "2026-11-30T15:39:00Z",
  taskable: { id: 7, student: { id: 3, uuid: "f49c3e5b-1e95-4051-8b6f-14c901aa3e4e" } },
} as MeTask;

/**
 * A task's time is on the school's clock (decision 0592). The zone comes with the dashboard's own
 * call: before it answers, or when it failed, the time read 3:39 PM (UTC) for a New York school's
 * 10:39 AM, and stayed so after a failure.
 */
describe("My tasks: the time a task was created", () => {
  it("on the school's clock once the zone is known", () => {
    renderUi(<TasksSection tasks={[task]} timeZone="America/New_York" onChanged={async () => {}} />);
    expect(screen.getByText("11/30/2026, 10:39 AM").tagName).toBe("TIME");
  });

  it("not shown at all without the zone (loading, or the dashboard's call failed): never in UTC", () => {
    renderUi(<TasksSection tasks={[task]} timeZone={undefined} onChanged={async () => {}} />);
    expect(screen.queryByText(/3:39 PM/)).toBeNull();
    expect(screen.queryByText(/Created/)).toBeNull();
    // the task is still there, with its link and its Close button
    expect(screen.getByRole("link", { name: `Open participant: ${task.description}` })).toBeTruthy();
    expect(screen.getByRole("button", { name: `Close task: ${task.description}` })).toBeTruthy();
  });
});
