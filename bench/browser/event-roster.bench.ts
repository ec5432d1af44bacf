import { localDate } from "@rollbook/domain";
import { expect, test } from "../../e2e/fixtures.ts";
import type { ScheduleSession } from "../src/sim/day.ts";
import { DeviceClient, ok } from "../src/sim/device-client.ts";
import { pingAt } from "../src/sim/position.ts";

/**
 * Issue 11, speed: an event's live roster of 500 students stays responsive while 500 phones
 * check in at once. Pushes are coalesced into one refetch a second and only the rows that
 * changed re-render, so the page's longest task after the first render should stay under 100 ms
 * (Long Tasks API): printed, not asserted (`npm run bench:roster`). Not covered: a slower laptop. The event and its 500 students are made here; the event is removed after.
 */

const ROSTER = 500;

// no trace: its DOM snapshots of 500 rows would be long tasks of the harness, not of the page
test.use({ trace: "off" });

async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

test("a 500-student event roster takes a burst of 500 check-ins and catches up, longest task printed", async ({
  signedInPage: page,
  api,
  session,
  serverURL,
}) => {
  test.setTimeout(300_000);
  const tag = `Eload${Date.now().toString(36)}`;
  const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
    api.graphql<T>(session.access_token, query, variables);

  const { school, courses } = await gql<{
    school: { timezone: string };
    courses: { data: { location: { id: number } | null }[] };
  }>(`query { school { timezone } courses(query: "Open Study Hall") { data { location { id } } } }`);
  const { createEvent: event } = await gql<{ createEvent: { id: number; uuid: string; title: string } }>(
    `mutation ($title: String!, $date: String!, $location_id: Int) {
      createEvent(title: $title, date: $date, location_id: $location_id, start_time: "00:00", end_time: "23:59") { id uuid title }
    }`,
    {
      title: `${tag} roster`,
      date: localDate(new Date(), school.timezone),
      location_id: courses.data[0]?.location?.id ?? null,
    },
  );
  let made: { id: number }[] = [];
  try {
    const students = await inBatches(
      Array.from({ length: ROSTER }, (_, i) => i),
      10,
      async (i) =>
        (
          await gql<{ createStudent: { id: number; token: string } }>(
            `mutation ($f: String!, $l: String!) { createStudent(first_name: $f, last_name: $l) { id token } }`,
            { f: `S${i}`, l: tag },
          )
        ).createStudent,
    );
    made = students;
    await gql(
      `mutation ($e: Int!, $s: [Int!]!) { attachStudents(attachable_type: "event", attachable_id: $e, student_ids: $s) { changed } }`,
      { e: event.id, s: students.map((s) => s.id) },
    );

    const phones = students.map((s) => new DeviceClient(serverURL, s.token));
    const registered = await inBatches(phones, 10, async (p) => ok("register", await p.register()).data.student);
    const timeZone = registered[0]?.timezone ?? "UTC";
    const first = phones[0] as DeviceClient;
    const day = ok("schedule", await first.schedule(localDate(new Date(), timeZone))).data;
    const sessionNow = day.sessions.find((s: ScheduleSession) => s.title === event.title);
    expect(sessionNow?.location, "the event is in progress at a place").toBeTruthy();
    const loc = sessionNow?.location as NonNullable<ScheduleSession["location"]>;
    const fence = { latitude: loc.latitude, longitude: loc.longitude, radius: loc.radius };
    const place = { fence, beaconIds: loc.beacons.map((b) => b.factory_id) };

    await page.goto(`/Events/${event.uuid}`);
    const roster = page.getByRole("region", { name: "Live roster" });
    await expect(roster.locator("tbody tr")).toHaveCount(ROSTER, { timeout: 30_000 });
    await expect(roster.getByTestId("roster-count")).toHaveText(`${ROSTER} not yet`);
    await roster.getByLabel("Find a student").focus();
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e.duration);
      }).observe({ type: "longtask" });
    });

    const started = Date.now();
    const now = new Date();
    const visit = { arrive: new Date(now.getTime() - 60_000), leave: new Date(now.getTime() + 60_000), offline: null };
    await inBatches(phones, 50, async (p) => {
      const i = phones.indexOf(p);
      return ok("pings", await p.pings([pingAt(2_000_000 + i, now, [{ visit, place }], fence)]));
    });
    const sentMs = Date.now() - started;

    await page.waitForFunction(
      () =>
        [...document.querySelectorAll("[data-testid=roster-count]")].every((b) => !/not yet/.test(b.textContent ?? "")),
      undefined,
      { timeout: 60_000, polling: 500 },
    );
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const longest = Math.max(0, ...longTasks);
    console.log(
      `event roster ${ROSTER}: pings sent in ${sentMs} ms; long tasks ${longTasks.length} (${longTasks.map(Math.round).join(", ")} ms), longest ${Math.round(longest)} ms`,
    );
    await expect(roster.getByLabel("Find a student")).toBeFocused();
    console.log(
      `${Math.round(longest) < 100 ? "PASS" : "MISS"}: longest task ${Math.round(longest)} ms (goal < 100 ms)`,
    );
  } finally {
    // the demo school's student_cap (1000) has room for one such roster at a time
    if (made.length)
      await gql("mutation ($s: [Int!]!) { removeStudents(student_ids: $s) { changed } }", { s: made.map((m) => m.id) });
    await gql("mutation ($id: Int!) { removeEvent(id: $id) { id } }", { id: event.id });
  }
});
