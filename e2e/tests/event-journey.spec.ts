import type { Browser, Locator, Page } from "@playwright/test";
import { localDate, STATUS, zonedToUtc } from "@rollbook/domain";
import jsQR from "jsqr";
import { DeviceClient, ok } from "../../bench/src/sim/device-client.ts";
import { expect, expectNoA11yViolations, linkIn, type Mailbox, test } from "../fixtures.ts";
import { DEMO_TZ } from "../support/demo.ts";
import { uniqueWord } from "../support/factories.ts";
import { hhmm, roomInSchoolDay, schoolMinute } from "../support/school-clock.ts";

/**
 * An event from signup to the live roster (issue 11, "done when"): staff create a public event of
 * today with one seat on the Events screen; two students sign up on the guest page, each from
 * their own browser, and confirm from the mailed link: the first gets the seat, the second is
 * told they are number 1 on the waitlist. Staff see the waitlist on the event, "Move up" is
 * disabled while the event is full, and raising the capacity seats the waiting student. Staff
 * move the start to now, open the Dashboard, and a student's phone (the device API, the only
 * thing faked) checks in with the scan code read off the projected QR code: without a reload the
 * live roster shows that student present (pushed over the WebSocket) and the other not yet;
 * staff then override the present student's status on the roster.
 * The event is made here; the two students are demo students on no event, taken from the start
 * of the alphabet (event-signup.spec.ts takes its own from the end).
 */

/** The demo school's zone: the browser's calendar shows the school's today. */
const SCHOOL_TZ = DEMO_TZ;
test.use({ timezoneId: SCHOOL_TZ });

const SIGNUP_LINK = /^\/EventSignup\/[0-9a-f-]{36}$/;

interface Student {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  school_identifier: string;
  token: string;
}

/** A student as the list answers: e-mail, school id and token may be missing. */
type Listed = Omit<Student, "email" | "school_identifier" | "token"> & {
  email: string | null;
  school_identifier: string | null;
  token: string | null;
  events: unknown[];
};

/** A day as staff type it: "2026-11-24" -> "11/24/2026". */
const typed = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}`;

const nameOf = (s: Student) => `${s.first_name} ${s.last_name}`;

/**
 * A student signs up on the guest page in a browser of their own (no staff session), then
 * confirms from the mailed link; answers that page, showing where the student stands.
 */
async function signUp(browser: Browser, mailbox: Mailbox, signupUrl: string, title: string, student: Student) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const since = Date.now();
  await page.goto(signupUrl);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByLabel("School e-mail or school ID").fill(student.school_identifier);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your school e-mail" })).toBeVisible();
  const mail = await mailbox.waitFor({ to: student.email, subject: new RegExp(`^Your signup for ${title}$`), since });
  await page.goto(linkIn(mail, SIGNUP_LINK));
  await expect(page.getByRole("status").filter({ hasText: "You are not signed up yet." })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my place" }).click();
  return page;
}

/** The projected QR code as a phone's camera reads it: its pixels, decoded by jsQR (as the check-in app does). */
async function readQrCode(qr: Locator, camera: Page): Promise<string> {
  const png = (await qr.screenshot()).toString("base64");
  const image = await camera.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d canvas");
    ctx.drawImage(img, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(data), width, height };
  }, png);
  const found = jsQR(Uint8ClampedArray.from(image.data), image.width, image.height);
  expect(found?.data, "the projected QR code can be read").toBeTruthy();
  return found?.data as string;
}

interface Push {
  type?: string;
  student_ids?: number[];
  attendable?: { type: string; id: number };
}

test("an event from signup through the waitlist and a scan-code check-in to the live roster", async ({
  signedInBlankPage: page,
  session,
  api,
  mailbox,
  browser,
  serverURL,
}) => {
  test.setTimeout(150_000);
  // every message the staff page's push socket receives, to tell a push from the roster's poll
  const pushes: Push[] = [];
  page.on("websocket", (ws) => {
    if (!ws.url().endsWith("/api/v2/push")) return;
    ws.on("framereceived", (frame) => {
      try {
        pushes.push(JSON.parse(String(frame.payload)) as Push);
      } catch {
        // not JSON: not a push message
      }
    });
  });

  const { school, students } = await api.graphql<{
    school: { timezone: string };
    students: { data: Listed[] };
  }>(
    session.access_token,
    'query { school { timezone } students(per_page: 80, sort_by: "name", sort_dir: "asc") { data { id first_name last_name email school_identifier token events { in_waitlist } } } }',
  );
  expect(school.timezone).toBe(SCHOOL_TZ);
  // seeded demo students (not ones other specs create) on no event, with e-mail, school id and token
  const free = students.data.filter(
    (s) =>
      s.events.length === 0 &&
      /^[a-z]+\.[a-z-]+\.\d+@students\.demo\.rollbook\.test$/.test(s.email ?? "") &&
      /^S1\d{5}$/.test(s.school_identifier ?? "") &&
      s.token,
  );
  expect(free.length, "two demo students on no event").toBeGreaterThanOrEqual(2);
  const [first, second] = free.slice(0, 2) as unknown as [Student, Student];

  // Signup closes drop_cutoff minutes before the start, and a student checks in only while the
  // event runs: the event is made to start up to a quarter of an hour from now with a drop cutoff
  // of 0 (signups stay open until the start), and once both have signed up staff move the start
  // to now with the edit form, as when an event begins early. An event cannot run past midnight:
  // in the day's last minutes the journey waits for the next day.
  await roomInSchoolDay(10, SCHOOL_TZ);
  const now = schoolMinute(SCHOOL_TZ);
  const today = localDate(new Date(), SCHOOL_TZ);
  const start = Math.min(now + 15, 23 * 60 + 54);
  const end = Math.min(start + 60, 23 * 60 + 59);
  // in the repeated hour of the autumn change (once a year) a clock time of that hour is its
  // earlier occurrence, an hour ago (decision 0500): no event can be made to start or begin now
  const startsIn = zonedToUtc(today, start, SCHOOL_TZ).getTime() - Date.now();
  test.skip(startsIn < 60_000, "the school's clock repeats this hour (autumn DST): no clock time names now");

  // 1. staff create the public event with one seat on the Events screen
  const title = uniqueWord("Journey");
  await page.goto("/Events");
  await page.getByRole("button", { name: "New event" }).click();
  const create = page.getByRole("dialog", { name: "New event" });
  await create.getByLabel("Title").fill(title);
  await create.getByRole("textbox", { name: "Date" }).fill(typed(today));
  await create.getByLabel("Start time").fill(hhmm(start));
  await create.getByLabel("End time").fill(hhmm(end));
  await create.getByLabel("Capacity").fill("1");
  await create.getByLabel("Visibility").selectOption("public");
  await create.getByLabel("Drop cutoff (minutes)").fill("0");
  await create.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/Events\/[0-9a-f-]{36}$/);
  const uuid = new URL(page.url()).pathname.split("/").at(-1) as string;
  const header = page.getByRole("region", { name: title });
  await expect(header).toContainText("1 of 1 seats left");
  const signupUrl = await header.getByRole("link", { name: /\/EventSignup\// }).getAttribute("href");
  expect(signupUrl).toBe(`${serverURL}/EventSignup/${uuid}`);
  const { event } = await api.graphql<{ event: { id: number; date: string; drop_cutoff: number } }>(
    session.access_token,
    "query($u: String!) { event(uuid: $u) { id date drop_cutoff } }",
    { u: uuid },
  );
  expect(event).toMatchObject({ date: today, drop_cutoff: 0 });

  // 2. the first student gets the seat; the second joins the waitlist and is told their place
  const firstPage = await signUp(browser, mailbox, signupUrl as string, title, first);
  await expect(firstPage.getByRole("status").filter({ hasText: "You have a seat at this event." })).toBeVisible();
  // staff, still on the event, see the seat taken without a reload (the signup is pushed)
  await expect(header).toContainText("Full (1 of 1)");

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(signupUrl as string);
  await expect(guestPage.getByText("Full: new signups join the waitlist (0 waiting)")).toBeVisible();
  await expectNoA11yViolations(guestPage, "the guest signup page of a full event");
  await guest.close();

  const secondPage = await signUp(browser, mailbox, signupUrl as string, title, second);
  await expect(secondPage.getByRole("status").filter({ hasText: "You are number 1 on the waitlist." })).toBeVisible();
  await expectNoA11yViolations(secondPage, "the guest signup page, waitlisted");

  // 3. staff, still on the event (the signups were pushed to it), see the second student waiting
  await page.getByRole("tab", { name: "Waitlist (1)" }).click();
  const waitlist = page.getByRole("table", { name: /^Waitlist of/ });
  const waiting = waitlist.getByRole("row").filter({ hasText: nameOf(second) });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByRole("cell").first()).toHaveText("1");
  await expect(waitlist).not.toContainText(nameOf(first));
  await expectNoA11yViolations(page, "the Waitlist tab");
  // the upgrade action is disabled while the one seat is taken, described by the line saying why...
  const moveUp = waiting.getByRole("button", { name: `Move up ${nameOf(second)}` });
  await expect(moveUp).toBeDisabled();
  await expect(moveUp).toHaveAccessibleDescription("Full (1 of 1). Raise the capacity to move someone up.");
  // ...and raising the capacity seats the waiting student (the waitlist is served in order)
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${title}` });
  await edit.getByLabel("Capacity").fill("2");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("Nobody is waiting.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Waitlist (0)" })).toBeVisible();
  await page.getByRole("tab", { name: "Students" }).click();
  const attending = page.getByRole("table", { name: `2 students attending ${title}` });
  await expect(attending).toContainText(nameOf(first));
  await expect(attending).toContainText(nameOf(second));
  // and the student's own link now says so
  await secondPage.reload();
  await expect(secondPage.getByRole("status").filter({ hasText: "You have a seat at this event." })).toBeVisible();

  // 4. staff move the start to now: the event is in progress
  await page.getByRole("button", { name: "Edit" }).click();
  await edit.getByLabel("Start time").fill(hhmm(schoolMinute(SCHOOL_TZ)));
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(header.getByText("In session")).toBeVisible();

  // 5. the Dashboard: the live roster, both not yet there, and the scan code for the projector
  await page.getByRole("tab", { name: "Dashboard" }).click();
  const roster = page.getByRole("table", { name: "2 students attending; updated live" });
  const firstRow = roster.getByRole("row").filter({ hasText: nameOf(first) });
  const secondRow = roster.getByRole("row").filter({ hasText: nameOf(second) });
  await expect(firstRow.getByRole("cell").first()).toHaveText("Not yet");
  await expect(secondRow.getByRole("cell").first()).toHaveText("Not yet");
  const qr = page.getByRole("img", { name: `Scan code for ${title}; students scan it with the check-in app` });
  await expect(qr.locator("svg")).toBeVisible();

  // no reload from here on: a marker in the page's window survives only without one
  await page.evaluate(() => {
    (window as unknown as { journeyMarker: number }).journeyMarker = 1;
  });

  // the first student's phone reads the code off the screen and checks in with it
  const code = await readQrCode(qr, firstPage);
  expect(code).toMatch(new RegExp(`^rollbook:event:${uuid}:\\d{8}$`));
  const phone = new DeviceClient(serverURL, first.token);
  expect(ok("POST /api/v2/device/register", await phone.register()).data.student.id).toBe(first.id);
  const scanned = await phone.scan(code);
  expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
  expect(scanned.body.data?.event.uuid).toBe(uuid);
  expect(scanned.body.data?.attendance.status).toBe(STATUS.present);

  // the roster shows it without a reload, pushed over the WebSocket (its own poll is a minute apart)
  await expect(firstRow.getByRole("cell").first()).toHaveText("Present");
  await expect(firstRow.getByRole("cell").nth(1).locator("time")).toBeVisible();
  await expect
    .poll(() =>
      pushes.some(
        (p) =>
          p.type === "attendance.update" &&
          p.student_ids?.includes(first.id) &&
          p.attendable?.type === "event" &&
          p.attendable.id === event.id,
      ),
    )
    .toBe(true);
  await expect(secondRow.getByRole("cell").first()).toHaveText("Not yet");
  expect(await page.evaluate(() => (window as unknown as { journeyMarker?: number }).journeyMarker)).toBe(1);

  // 6. axe on the Dashboard with the live roster and the scan code
  await expectNoA11yViolations(page, "the event Dashboard, live");

  // 7. the event's roster takes the override as the course's does: asked first, then shown
  await roster.getByRole("button", { name: `Change status of ${nameOf(first)}` }).click();
  const pick = page.getByRole("dialog", { name: `Change status of ${nameOf(first)}` });
  await pick.getByLabel("New status").selectOption({ label: "Late" });
  await pick.getByRole("button", { name: "Change status" }).click();
  await page.getByRole("dialog", { name: "Change status" }).getByRole("button", { name: "Yes" }).click();
  await expect(firstRow.getByRole("cell").first()).toHaveText("Late");
  // the second has no attendance yet: nothing to override, but the offline-code entry is there
  await expect(roster.getByRole("button", { name: `Change status of ${nameOf(second)}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enter offline code" })).toBeVisible();

  await firstPage.context().close();
  await secondPage.context().close();
});
