import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { chromium, type Page } from "@playwright/test";
import { localDate, OFFLINE_CODE_PERIOD_S, offlineCodeAt } from "@rollbook/domain";
import QRCode from "qrcode";
import { DEMO_PASSWORD, demoEmail, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";
import { CHROMIUM_ARGS, chromiumExecutable } from "../support/chromium.ts";
import { createStudents, uniqueWord } from "../support/factories.ts";
import { eventOpenNow, roomInSchoolDay } from "../support/school-clock.ts";

/**
 * The students' /CheckIn app end to end: a demo student signs in with the personal token, the
 * phone (Playwright's emulated position at the session's location) pings, the session in progress
 * turns present or late, pings made offline wait and are sent when back online, the offline code
 * is the TOTP of the student's secret, and the app opens again without a network.
 */

interface ScheduleSession {
  attendable_type: "course" | "event";
  title: string;
  start: string;
  end: string;
  cancelled: string | boolean | null;
  manual_attendance: boolean;
  location: { latitude: number; longitude: number; radius: number } | null;
  attendance: { status: number } | null;
}

interface Candidate {
  token: string;
  first_name: string;
  /** the student's only course today so far: checking in takes them off "Missing attendance" */
  lone: boolean;
  session: ScheduleSession & { location: NonNullable<ScheduleSession["location"]> };
}

/** The device API as the phone calls it (no XMLHttpRequest marker). */
async function schedule(api: Api, token: string, date: string) {
  const res = await fetch(new URL(`/api/v2/device/schedule?date=${date}`, api.baseURL), {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
  });
  expect(res.status, "GET /api/v2/device/schedule").toBe(200);
  return ((await res.json()) as { data: { timezone: string; sessions: ScheduleSession[] } }).data;
}

/**
 * A student with a session in progress now that takes device check-ins and has no attendance yet:
 * from "Open Study Hall" (meets all day, every day) when the demo has it, else any course in session.
 */
async function findCandidate(api: Api): Promise<Candidate> {
  const admin = await api.login(demoEmail("school_admin"), DEMO_PASSWORD);
  const courses = await api.graphql<{ courses: { data: { uuid: string; title: string }[] } }>(
    admin.access_token,
    `query($q: String) { courses(query: $q, in_session: true, per_page: 50) { data { uuid title } } }`,
    { q: null },
  );
  const inSession = courses.courses.data.sort(
    (a, b) => Number(b.title === "Open Study Hall") - Number(a.title === "Open Study Hall"),
  );
  expect(inSession.length, "the demo school has a course in session now").toBeGreaterThan(0);
  let zone: string | null = null;
  let fallback: Candidate | null = null;
  for (const course of inSession) {
    const students = await api.graphql<{ students: { data: { token: string | null; first_name: string }[] } }>(
      admin.access_token,
      `query($uuid: String) { students(relation: "course", relation_uuid: $uuid, per_page: 50) { data { token first_name } } }`,
      { uuid: course.uuid },
    );
    // the last ones: other specs pick students from the top of lists
    for (const s of students.students.data.reverse()) {
      if (!s.token) continue;
      if (!zone) zone = (await schedule(api, s.token, localDate(new Date(), "UTC"))).timezone;
      const day = await schedule(api, s.token, localDate(new Date(), zone));
      const now = Date.now();
      const session = day.sessions.find(
        (x) =>
          x.title === course.title &&
          !x.cancelled &&
          !x.manual_attendance &&
          x.location &&
          !x.attendance &&
          Date.parse(x.start) <= now &&
          now < Date.parse(x.end) - 5 * 60_000,
      );
      if (!session?.location) continue;
      // "Missing attendance" counts every course of today that has started: when this is the
      // student's only one, checking in takes them off that list
      const started = day.sessions.filter(
        (x) => x.attendable_type === "course" && !x.cancelled && Date.parse(x.start) <= now,
      );
      const found = { token: s.token, first_name: s.first_name, lone: started.length === 1 };
      if (found.lone) return { ...found, session: { ...session, location: session.location } };
      fallback ??= { ...found, session: { ...session, location: session.location } };
    }
  }
  if (fallback) return fallback;
  throw new Error("no demo student has a device-checked session in progress without attendance");
}

const digits = (text: string | null) => (text ?? "").replace(/\D/g, "");

/** How many students a staff dashboard lists as missing attendance. */
async function missingTotal(dashboard: Page): Promise<number> {
  const section = dashboard.getByRole("region", { name: "Missing attendance" });
  await expect(section).toContainText(/\d+ students? missing attendance|No students are missing attendance/);
  const text = (await section.textContent()) ?? "";
  return Number(/(\d+) students? missing attendance/.exec(text)?.[1] ?? 0);
}

test("a student checks in by location, queues pings offline, and shows the offline code", async ({
  page,
  context,
  browser,
  api,
  signIn,
}) => {
  test.setTimeout(120_000);
  // a session that runs 5 minutes more: the study hall meets 00:00-23:59, so late at night wait for the next day
  await roomInSchoolDay(8);
  const { token, first_name, session, lone } = await findCandidate(api);

  // a staff dashboard open elsewhere sees the check-in through the push channel, without a reload
  const staff = await browser.newContext();
  const dashboard = await staff.newPage();
  await signIn("school_admin", dashboard);
  await dashboard.goto("/Dashboard");
  const missingBefore = await missingTotal(dashboard);

  const here = { latitude: session.location.latitude, longitude: session.location.longitude, accuracy: 10 };
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(here);

  // sign in: the token goes in a form field and to the API, never into the address
  await page.goto("/CheckIn");
  await page.getByLabel("Personal token").fill(token);
  const registered = page.waitForResponse(
    (r) => r.url().endsWith("/api/v2/device/register") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Check in with token" }).click();
  const answer = (await (await registered).json()) as { data: { student: { offline_code: string | null } } };
  const secret = answer.data.student.offline_code;
  expect(secret, "register answers the offline code secret").toBeTruthy();
  await expect(page.getByText(`Hello, ${first_name}`)).toBeVisible();
  expect(page.url()).not.toContain(token);
  expect(await page.evaluate(() => localStorage.getItem("rollbook.checkin.device"))).toContain(token);

  // today's sessions, and the one in progress turns present or late from the pings
  const list = page.getByRole("list", { name: "Today's sessions" });
  const row = list
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: session.title, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Present|Late/, { timeout: 30_000 });
  await expect(page.getByText(/Checking you in by location/)).toBeVisible();
  // fewer missing, without a reload (another spec may check a student in meanwhile: not "exactly one")
  if (lone) await expect.poll(() => missingTotal(dashboard), { timeout: 10_000 }).toBeLessThan(missingBefore);
  else test.info().annotations.push({ type: "skipped check", description: "student has other classes today" });
  await staff.close();

  // the offline code is the TOTP of the student's secret (this step's, or the previous one at a boundary)
  const shown = digits(await page.getByTestId("offline-code").textContent());
  const now = Date.now();
  const expected = [now, now - OFFLINE_CODE_PERIOD_S * 1000].map((t) => offlineCodeAt(secret as string, new Date(t)));
  expect(expected).toContain(shown);
  await expect(page.getByText(/New code in \d+ s/)).toBeVisible();

  await expectNoA11yViolations(page, "/CheckIn signed in");

  // offline: a move is still recorded, as a ping waiting on the phone
  const status = page.getByRole("status").filter({ hasText: /waiting to send|Nothing waiting/ });
  await expect(status).toHaveText("Nothing waiting to send");
  await context.setOffline(true);
  await expect(page.getByText(/You are offline/)).toBeVisible();
  await page.waitForTimeout(5_500); // the tracker's minimum gap between two pings
  await context.setGeolocation({ ...here, latitude: here.latitude + 0.0005 });
  await expect(status).toHaveText(/^\d+ pings? waiting to send$/, { timeout: 15_000 });
  const waiting = Number(digits(await status.textContent()));
  expect(waiting).toBeGreaterThanOrEqual(1);

  // back online: the queue is sent at once and the server accepts it
  const sent = page.waitForResponse((r) => r.url().endsWith("/api/v2/device/pings") && r.request().method() === "POST");
  await context.setOffline(false);
  const batch = await sent;
  expect(batch.status()).toBe(200);
  const pings = (batch.request().postDataJSON() as { pings: { id: string }[] }).pings;
  expect(pings.length).toBeGreaterThanOrEqual(waiting);
  expect(new Set(pings.map((p) => p.id)).size, "each ping has its own id").toBe(pings.length);
  const accepted = ((await batch.json()) as { data: { accepted: number; duplicates: number } }).data;
  expect(accepted.accepted + accepted.duplicates).toBe(pings.length);
  await expect(status).toHaveText("Nothing waiting to send");
  await expect(row).toContainText(/Present|Late/);

  // installable and offline-capable: the service worker serves the app without a network
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Rollbook Check-in" })).toBeVisible();
  await expect(page.getByText(`Hello, ${first_name}`)).toBeVisible();
  await expect(page.getByText(/You are offline/)).toBeVisible();
  await expect(page.getByTestId("offline-code")).toHaveText(/^\d{3} \d{3}$/);
  await context.setOffline(false);
});

test("a wrong token is refused with a message and nothing is kept", async ({ page }) => {
  await page.goto("/CheckIn");
  await page.getByLabel("Personal token").fill("not-a-real-token");
  await page.getByRole("button", { name: "Check in with token" }).click();
  await expect(page.getByRole("alert")).toContainText("This token is not valid");
  await expect(page.getByLabel("Personal token")).toHaveAccessibleDescription(/This token is not valid/);
  expect(await page.evaluate(() => localStorage.getItem("rollbook.checkin.device"))).toBeNull();
  expect(page.url()).not.toContain("not-a-real-token");
});

/**
 * A Y4M video (what Chromium's fake camera plays) of one QR code: black modules on white, four
 * modules of quiet zone, grey chroma.
 */
async function qrVideo(text: string, file: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const scale = 8;
  const side = (n + 8) * scale;
  const luma = Buffer.alloc(side * side, 255);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++)
        luma.fill(0, ((y + 4) * scale + dy) * side + (x + 4) * scale, ((y + 4) * scale + dy) * side + (x + 5) * scale);
    }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  await writeFile(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}

test("the camera reads an event's QR code and sends it to the server", async ({ api, serverURL }, testInfo) => {
  const admin = await api.login(demoEmail("school_admin"), DEMO_PASSWORD);
  const { students } = await api.graphql<{ students: { data: { token: string | null }[] } }>(
    admin.access_token,
    '{ students(per_page: 5, sort_by: "last_name", sort_dir: "desc") { data { token } } }',
  );
  const token = students.data.find((s) => s.token)?.token;
  expect(token).toBeTruthy();

  // a well-formed code of an event that does not exist: the server's refusal shows it arrived
  const code = `rollbook:event:${randomUUID()}:12345678`;
  const video = testInfo.outputPath("qr.y4m");
  await qrVideo(code, video);
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    // the phone shares its position: a fresh fix goes with the scan (decision 0552)
    const geolocation = { latitude: 40.7128, longitude: -74.006, accuracy: 15 };
    const context = await browser.newContext({
      baseURL: serverURL,
      permissions: ["camera", "geolocation"],
      geolocation,
    });
    const page = await context.newPage();
    await page.goto("/CheckIn");
    const pinged = page.waitForRequest((r) => r.url().endsWith("/api/v2/device/pings") && r.method() === "POST");
    await page.getByLabel("Personal token").fill(token as string);
    await page.getByRole("button", { name: "Check in with token" }).click();
    await pinged; // the phone has a fix
    const scan = page.getByRole("region", { name: "Scan event code" });
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/v2/device/scan") && r.method() === "POST");
    await scan.getByRole("button", { name: "Start camera" }).click();
    expect((await sent).postDataJSON()).toEqual({ code, ...geolocation });
    await expect(scan.getByRole("alert")).toContainText("Not checked in");
    // the server's refusal, in a sentence (not its field error "code is not an event of your school")
    await expect(scan.getByRole("alert")).toContainText("This code is not for an event of your school.");
    // the camera is released after a read
    await expect(scan.getByRole("button", { name: "Start camera" })).toBeVisible();
  } finally {
    await browser.close();
  }
});

test("a scan sent without the phone's location reads pending and says why", async ({ page, api }) => {
  // an event in progress at a place with a geofence, and a student of it (decision 0552)
  const admin = await api.login(demoEmail("school_admin"), DEMO_PASSWORD);
  const { school } = await api.graphql<{ school: { timezone: string } }>(admin.access_token, "{ school { timezone } }");
  // today from now, or, late at night, tomorrow from midnight in its early window: any hour
  const when = eventOpenNow(school.timezone);
  const title = uniqueWord("Nofix");
  const { createLocation } = await api.graphql<{ createLocation: { id: number } }>(
    admin.access_token,
    "mutation($n: String!) { createLocation(name: $n, latitude: 42.65, longitude: -73.75, radius: 100) { id } }",
    { n: title },
  );
  const { createEvent } = await api.graphql<{ createEvent: { id: number } }>(
    admin.access_token,
    `mutation($t: String!, $d: String!, $s: String!, $e: String!, $l: Int!) {
      createEvent(title: $t, date: $d, start_time: $s, end_time: $e, location_id: $l) { id } }`,
    { t: title, d: when.date, s: when.start_time, e: when.end_time, l: createLocation.id },
  );
  const [student] = await createStudents(api, admin, title, ["Ada"]);
  await api.graphql(
    admin.access_token,
    "mutation($e: Int!, $s: [Int!]!) { addStudentsToEvent(event_id: $e, student_ids: $s) { changed } }",
    {
      e: createEvent.id,
      s: [student!.id],
    },
  );
  const { student: made } = await api.graphql<{ student: { token: string } }>(
    admin.access_token,
    "query($u: String!) { student(uuid: $u) { token } }",
    { u: student!.uuid },
  );
  const { scanCode } = await api.graphql<{ scanCode: { code: string } }>(
    admin.access_token,
    "query($e: Int!) { scanCode(event_id: $e) { code } }",
    { e: createEvent.id },
  );

  // the phone has not shared its location: the scan goes without a position
  await page.goto("/CheckIn");
  await page.getByLabel("Personal token").fill(made.token);
  await page.getByRole("button", { name: "Check in with token" }).click();
  const panel = page.getByRole("region", { name: "Scan event code" });
  await panel.getByLabel("Event code").fill(scanCode.code);
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/v2/device/scan") && r.method() === "POST");
  await panel.getByRole("button", { name: "Send code" }).click();
  expect((await sent).postDataJSON()).toEqual({ code: scanCode.code });
  const result = panel.getByRole("status").getByRole("alert");
  await expect(result).toContainText(`${title}: Pending`);
  await expect(result).toContainText(
    "your location was not available, so staff will confirm this check-in. Turn on location to be confirmed at once.",
  );
  await expectNoA11yViolations(page, "/CheckIn after a scan without location");
});
