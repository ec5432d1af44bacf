import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { InSessionSection } from "./InSessionSection.tsx";
import { MissingSection } from "./MissingSection.tsx";
import type { DashboardData } from "./queries.ts";

const SCROLLER = ".mantine-TableScrollContainer-scrollContainer";

const students = {
  total: 120,
  data: Array.from({ length: 10 }, (_, i) => ({
    id: i + 1,
    uuid: `7e1c0c1e-0000-4000-8000-0000000000${String(i).padStart(2, "0")}`,
    first_name: "Sofia",
    last_name: `Adams${i}`,
    email: `sofia.adams.${i}@students.demo.rollbook.test`,
    semester_apa: 80,
  })),
} as DashboardData["students"];

const courses = {
  total: 1,
  data: [{ id: 1, uuid: "c1", title: "Biology", start_time: "08:00", end_time: "08:50", location: null }],
} as unknown as DashboardData["courses"];

/**
 * On a phone the tables scroll sideways; a <caption> is as wide as its table and was cut off with
 * it. The caption sits outside the scrolling part, and still names the table.
 */
describe("the dashboard tables' captions", () => {
  it("Missing attendance: named by a caption above it, outside the sideways scroll", () => {
    renderUi(<MissingSection students={students} />);
    const words = "The first 10 of 120 students missing attendance.";
    const table = screen.getByRole("table", { name: words });
    const caption = screen.getByText(words);
    expect(table.closest(SCROLLER)).not.toBeNull();
    expect(caption.closest(SCROLLER)).toBeNull();
    // above the table, as every table's caption in the app
    expect(caption.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("In session now: the same", () => {
    renderUi(<InSessionSection courses={courses} />);
    const table = screen.getByRole("table", { name: "1 class in session." });
    expect(table.closest(SCROLLER)).not.toBeNull();
    const caption = screen.getByText("1 class in session.");
    expect(caption.closest(SCROLLER)).toBeNull();
    expect(caption.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("the dashboard's Missing attendance, words", () => {
  it("heads the address E-mail, as the Participants list does", () => {
    renderUi(<MissingSection students={students} />);
    expect(screen.getByRole("columnheader", { name: "E-mail" })).toBeTruthy();
  });
});
