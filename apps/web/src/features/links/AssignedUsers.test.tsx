import { Button } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, testMe } from "../../../test/render.tsx";
import { AssignedUsers } from "./AssignedUsers.tsx";

const none = { isPending: false, isError: false, error: null, data: [] };

describe("AssignedUsers, with nobody assigned", () => {
  it.each(["course", "event", "team"] as const)("says the same words on a %s", async (type) => {
    renderUi(
      <AssignedUsers type={type} id={1} title="Biology 101" users={none} canManage onChanged={async () => {}} />,
      {
        me: testMe(3),
      },
    );
    expect(await screen.findByText("No staff assigned yet.")).toBeTruthy();
  });

  it("has its Assign staff button the size of the other sections' actions (New travel, Add students)", async () => {
    renderUi(
      <>
        <AssignedUsers type="course" id={1} title="Biology 101" users={none} canManage onChanged={async () => {}} />
        <Button>New travel</Button>
      </>,
      { me: testMe(3) },
    );
    const assign = await screen.findByRole("button", { name: "Assign staff" });
    const travel = screen.getByRole("button", { name: "New travel" });
    expect(assign.getAttribute("style")).toBe(travel.getAttribute("style"));
    expect(assign.getAttribute("data-size")).toBe(travel.getAttribute("data-size"));
  });
});
