import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import type { MeTile } from "../../lib/me.ts";
import { TilesSection } from "./TilesSection.tsx";

const NO_SESSION = "No finished session yet";

const tile = (id: number, type: string, title: string, apa: number | null, label: string, value: number | null) =>
  ({
    id,
    tileable_id: id,
    tileable_type: type,
    tileable: {
      id,
      uuid: `0b7c5c1e-0000-4000-8000-00000000000${id}`,
      title: type === "team" ? null : title,
      name: type === "team" ? title : null,
      apa,
      attendance_last_class: { label, value },
      attendance_now: null,
    },
  }) as MeTile;

/** The circles Mantine's RingProgress draws with a zero-length dash and round caps: a dot. */
const dots = (card: HTMLElement) =>
  [...card.querySelectorAll("circle")].filter(
    (c) => c.getAttribute("stroke-linecap") === "round" && /^0(\.0+)?,/.test(c.getAttribute("stroke-dasharray") ?? ""),
  );

describe("TilesSection", () => {
  it("an event with no finished session: a bare ring, its own heading, no value of —", () => {
    renderUi(
      <TilesSection tiles={[tile(1, "event", "College Fair", null, NO_SESSION, null)]} onChanged={async () => {}} />,
    );
    const card = screen.getByRole("article", { name: "College Fair" });
    expect(within(card).getByRole("img", { name: "College Fair: no APA yet" })).toBeTruthy();
    expect(dots(card).length).toBe(0);
    expect(within(card).getByText("Session")).toBeTruthy();
    expect(within(card).queryByText("Last class")).toBeNull();
    expect(within(card).getByText(NO_SESSION).textContent).toBe(NO_SESSION);
  });

  it("a course: Last class; a team: Last session day (its figure may come from an event); date, APA, ring", () => {
    renderUi(
      <TilesSection
        tiles={[
          tile(2, "course", "Biology", 90.3, "2026-11-27", 95.2),
          tile(3, "team", "Varsity Soccer", 88.3, "2026-11-27", 84.4),
        ]}
        onChanged={async () => {}}
      />,
    );
    const course = screen.getByRole("article", { name: "Biology" });
    expect(within(course).getByText("Last class")).toBeTruthy();
    expect(within(course).getByText("11/27/2026: 95.2%")).toBeTruthy();
    expect(course.querySelectorAll('circle[stroke-linecap="round"]').length).toBeGreaterThan(0);
    const team = screen.getByRole("article", { name: "Varsity Soccer" });
    expect(within(team).getByText("Last session day")).toBeTruthy();
    expect(within(team).queryByText("Last class")).toBeNull();
    expect(within(team).getByText("11/27/2026: 84.4%")).toBeTruthy();
  });
});
