import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi, testMe } from "../../../test/render.tsx";
import DashboardPage from "./DashboardPage.tsx";

const DASHBOARD = {
  school: { id: 1, name: "Rollbook Demo High School", address: null, phone: null, timezone: "America/New_York" },
  students: { total: 0, data: [] },
  courses: { total: 0, data: [] },
};

/** The server's POST /graphql/query: the dashboard's call answered by `answer` in turn. */
function stubDashboard(...answers: (() => Response | Promise<Response>)[]) {
  let calls = 0;
  vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => {
    const query = String(JSON.parse(String(init?.body ?? "{}")).query ?? "");
    if (!/query dashboard\b/.test(query)) throw new Error(`unexpected call: ${query.slice(0, 40)}`);
    const answer = answers[Math.min(calls, answers.length - 1)] as () => Response | Promise<Response>;
    calls += 1;
    return answer();
  });
  return () => calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("the dashboard when its call fails or is slow", () => {
  it("a server fault: words a staff member understands, sections that say nothing came, and Try again", async () => {
    const calls = stubDashboard(
      () => json(500, { message: "Internal Server Error" }),
      () => json(200, { data: DASHBOARD }),
    );
    renderUi(<DashboardPage />, { me: testMe(3) });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("The dashboard could not be loaded")).toBeTruthy();
    expect(alert.textContent).toContain("The server had a problem.");
    expect(alert.textContent).not.toContain("Internal Server Error");
    // each section of the call says it was not loaded, not a grey placeholder as if still loading
    for (const name of ["School", "Missing attendance", "In session now"]) {
      const region = screen.getByRole("region", { name });
      expect(within(region).getByText(/^Not loaded/)).toBeTruthy();
      expect(within(region).queryByRole("status")).toBeNull();
    }
    await userEvent.click(within(alert).getByRole("button", { name: /Try again/ }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    // the button went with the alert: focus is on what came, not lost to the page's top
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "School" }));
    expect(calls()).toBe(2);
    expect(screen.getByText("No students are missing attendance.")).toBeTruthy();
    expect(screen.getByText("Rollbook Demo High School")).toBeTruthy();
  });

  it("while loading, each section says so to a screen reader", async () => {
    stubDashboard(() => new Promise<Response>(() => {}));
    renderUi(<DashboardPage />, { me: testMe(6) });
    const missing = screen.getByRole("region", { name: "Missing attendance" });
    expect(within(missing).getByRole("status").textContent).toBe("Loading the students missing attendance…");
    const now = screen.getByRole("region", { name: "In session now" });
    expect(within(now).getByRole("status").textContent).toBe("Loading the classes in session…");
  });
});
