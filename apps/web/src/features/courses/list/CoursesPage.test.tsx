import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../../test/render.tsx";
import CoursesPage from "./CoursesPage.tsx";

const noCourses = () => ({
  school: { id: 1, timezone: "America/New_York", warning_percentage: 70 },
  courses: { total: 0, data: [] },
});

/** /Courses with no row: "none yet" is said only to a role that sees the whole school's courses. */
describe("CoursesPage's empty list", () => {
  it("tells a Professor that no course is assigned to them", async () => {
    stubGraphql({ coursesList: noCourses });
    renderUi(<CoursesPage />, { url: "/Courses", me: testMe(6) });
    expect(await screen.findByText("No courses assigned to you")).toBeTruthy();
    expect(screen.queryByText("No courses yet")).toBeNull();
  });

  it("tells an administrator that the school has no course yet", async () => {
    stubGraphql({ coursesList: noCourses });
    renderUi(<CoursesPage />, { url: "/Courses", me: testMe(3) });
    expect(await screen.findByText("No courses yet")).toBeTruthy();
  });
});
