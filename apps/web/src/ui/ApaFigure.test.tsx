import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubGraphql } from "../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../test/render.tsx";
import { courseColumns } from "../features/courses/list/columns.tsx";
import { StudentsTab as EventStudentsTab } from "../features/events/detail/StudentsTab.tsx";
import type { EventDetail } from "../features/events/queries.ts";
import { ApaFigure } from "./ApaFigure.tsx";

/**
 * A low APA looked four ways ("Low" badge, "(low)", "⚠ … (below the 80% warning line)", nothing on
 * an event's Students tab). Every screen shows it one way now: ApaFigure.
 */
describe("an APA under the school's warning line", () => {
  it("is red and bold with a Low badge, and a screen reader hears the line", () => {
    renderUi(<ApaFigure apa={67.7} warning={70} />);
    const figure = screen.getByText("67.7%").closest("[data-warning]") as HTMLElement;
    expect(figure).not.toBeNull();
    expect(within(figure).getByText("Low").closest("[aria-hidden='true']")).not.toBeNull();
    expect(figure.textContent).toBe("67.7%Low (below the 70% warning line)");
    expect(figure.getAttribute("title")).toBe("Below the school's warning line of 70%");
  });

  it("is a plain figure at or over the line, or with no APA yet", () => {
    for (const apa of [70, 91.2, null]) {
      const { container, unmount } = renderUi(<ApaFigure apa={apa} warning={70} />);
      expect(container.querySelector("[data-warning]")).toBeNull();
      expect(container.textContent).toContain(apa === null ? "—" : `${apa}%`);
      unmount();
    }
  });

  it("shows the same way in a list's column (Recurring) and on an event's Students tab", async () => {
    const apaColumn = courseColumns(70).find((c) => c.key === "apa");
    expect(apaColumn, "the Recurring list has an APA column").toBeDefined();
    renderUi(<div>{apaColumn?.render?.({ apa: 55 } as never)}</div>);
    expect(screen.getByText("55%").closest("[data-warning]")).not.toBeNull();

    stubGraphql({
      eventStudents: () => ({
        event: {
          id: 4,
          students: [
            {
              id: 7,
              uuid: "7e1c0c1e-0000-4000-8000-000000000007",
              first_name: "Mason",
              last_name: "Wilson",
              preferred_name: null,
              email: null,
              school_identifier: "S7",
              semester_apa: 67.7,
            },
          ],
        },
      }),
    });
    const event = { id: 4, uuid: "b623012f", title: "Study Skills Workshop", deleted_at: null } as EventDetail;
    renderUi(<EventStudentsTab event={event} can={{ assign: false } as never} warning={70} />, { me: testMe(3) });
    const figure = (await screen.findByText("67.7%")).closest("[data-warning]");
    expect(figure).not.toBeNull();
  });
});
