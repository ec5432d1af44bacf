import type { Page } from "@playwright/test";
import { DeviceClient, ok } from "../../bench/src/sim/device-client.ts";
import { type ApiSession, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";

/**
 * A participant's page (issue 10 screen 2): header, tabs in the URL by keyboard, what a role
 * without view_information sees, editing with client and server field errors, notes, excuses,
 * the token reset, remove/restore, and "not found". Students that a test changes are created
 * through the API first, so parallel specs never see them.
 */

interface Created {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  token: string | null;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createStudent(api: Api, session: ApiSession, extra: Record<string, string> = {}): Promise<Created> {
  const tag = unique();
  const vars = {
    first_name: "Detail",
    last_name: `Spec${tag}`,
    email: `detail.${tag}@students.demo.rollbook.test`,
    ...extra,
  };
  const { createStudent } = await api.graphql<{ createStudent: Created }>(
    session.access_token,
    `mutation($first_name: String!, $last_name: String!, $email: String, $phone: String, $school_identifier: String, $preferred_name: String) {
      createStudent(first_name: $first_name, last_name: $last_name, email: $email, phone: $phone, school_identifier: $school_identifier, preferred_name: $preferred_name) {
        id uuid first_name last_name token
      }
    }`,
    vars,
  );
  return createStudent;
}

async function enrolInACourse(api: Api, session: ApiSession, studentId: number) {
  const { courses } = await api.graphql<{ courses: { data: { id: number; title: string }[] } }>(
    session.access_token,
    `query { courses(per_page: 5, sort_by: "title") { data { id title } } }`,
  );
  const course = courses.data.find((c) => c.title !== "Open Study Hall");
  expect(course, "the demo school has courses").toBeTruthy();
  await api.graphql(
    session.access_token,
    `mutation($course_id: Int!, $ids: [Int!]!) { addCourseToStudents(course_id: $course_id, student_ids: $ids) { changed } }`,
    { course_id: course?.id, ids: [studentId] },
  );
  return course as { id: number; title: string };
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
/** The detail header: the region named by the page's h1. */
const headerOf = (page: Page) => page.getByRole("region").filter({ has: page.getByRole("heading", { level: 1 }) });
const tab = (page: Page, name: string) => page.getByRole("tab", { name });

test.describe("a participant's page", () => {
  // several pages, dialogs and axe runs each, on a machine the other specs share
  test.slow();
  test("shows the header and moves between tabs in the URL by keyboard", async ({
    signedInBlankPage: page,
    api,
    session,
  }) => {
    const s = await createStudent(api, session, {
      phone: "555.123.4567",
      preferred_name: "Dee",
      school_identifier: `SID-${unique()}`,
    });
    await page.goto(`/Students/${s.uuid}`);
    await expect(heading(page, `${s.first_name} ${s.last_name}`)).toBeVisible();
    const header = page.getByRole("region", { name: `${s.first_name} ${s.last_name}` });
    await expect(header).toContainText("Goes by Dee");
    await expect(header).toContainText("(555) 123-4567");
    await expect(header).toContainText("SID-");
    await expect(page.getByRole("region", { name: "Where the student is now" })).toContainText("Not in a session.");
    await expect(page.getByRole("region", { name: "Device" })).toContainText("No device registered.");
    await expect(page.getByRole("region", { name: "Token and offline code" })).toContainText(s.token ?? "no token");

    // Courses is the default tab; arrow keys move and select, and the URL follows
    await expect(tab(page, "Courses")).toHaveAttribute("aria-selected", "true");
    await tab(page, "Courses").focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Events")).toHaveAttribute("aria-selected", "true");
    await expect(tab(page, "Events")).toBeFocused();
    await expect(page).toHaveURL(/\?tab=events$/);
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Information")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\?tab=information$/);
    await expect(page.getByRole("tabpanel")).toContainText("Notes");
    // a reload keeps the tab
    await page.reload();
    await expect(tab(page, "Information")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await tab(page, "Information").focus();
    await page.keyboard.press("ArrowLeft");
    await expect(tab(page, "Events")).toHaveAttribute("aria-selected", "true");
    await expectNoA11yViolations(page, "a participant, desktop");

    await page.setViewportSize({ width: 390, height: 800 });
    await tab(page, "Information").click();
    await expect(page.getByRole("button", { name: "Add note" })).toBeVisible();
    await expectNoA11yViolations(page, "a participant, phone");
  });

  test("flags an APA under the school's warning percentage in words", async ({
    signedInBlankPage: page,
    api,
    session,
  }) => {
    const { students } = await api.graphql<{ students: { data: { uuid: string; semester_apa: number | null }[] } }>(
      session.access_token,
      `query { students(per_page: 250) { data { uuid semester_apa } } }`,
    );
    const low = students.data.find((s) => s.semester_apa !== null && s.semester_apa < 80);
    expect(low, "the demo school has a student under 80%").toBeTruthy();
    await page.goto(`/Students/${low?.uuid}`);
    // flagged as on every screen (ApaFigure): a Low badge for the eye, the line's words for a screen reader
    const flagged = headerOf(page).locator("[data-warning='true']").first();
    await expect(flagged.getByText("Low", { exact: true })).toBeVisible();
    await expect(flagged).toContainText("(below the 80% warning line)");
    // the Courses tab: one row per course, each linking to its attendance page
    const courses = page.getByRole("table", { name: /^Courses of / });
    await expect(courses.getByRole("link").first()).toHaveAttribute("href", /\/Courses\/[^/]+\/Attendance$/);
    await expectNoA11yViolations(page, "the Courses tab");
  });

  test("removes and restores with a confirm", async ({ signedInBlankPage: page, api, session }) => {
    const s = await createStudent(api, session);
    await page.goto(`/Students/${s.uuid}`);
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Remove participant" });
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Removed", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(headerOf(page).getByText("Removed", { exact: true })).toBeVisible();
    // read-only until restored: no control the server would refuse ("restore it first")
    await expect(page.getByRole("button", { name: "Reset token" })).toHaveCount(0);
    await page.getByRole("tab", { name: "Information" }).click();
    await expect(page.getByText("Restore the participant to edit their information.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit participant" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add note" })).toHaveCount(0);
    await page.getByRole("button", { name: "Restore" }).click();
    await page.getByRole("dialog", { name: "Restore participant" }).getByRole("button", { name: "Yes" }).click();
    await expect(page.getByRole("button", { name: "Remove", exact: true })).toBeVisible();
    await expect(headerOf(page).getByText("Removed", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit participant" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add note" })).toBeVisible();
  });

  test("edits with the client's and the server's field errors on the field", async ({
    signedInBlankPage: page,
    api,
    session,
  }) => {
    const taken = `SID-${unique()}`;
    await createStudent(api, session, { school_identifier: taken });
    const s = await createStudent(api, session);
    await page.goto(`/Students/${s.uuid}?tab=information`);
    await page.getByRole("button", { name: "Edit participant" }).click();
    const form = page.getByRole("form", { name: "Edit participant" });

    // the client's rule
    await form.getByLabel("E-mail").fill("not-an-address");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("E-mail must be a valid e-mail address")).toBeVisible();
    await expect(form.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("E-mail")).toBeFocused();
    await form.getByLabel("E-mail").fill(`fixed.${unique()}@students.demo.rollbook.test`);

    // the server's: an identifier another participant has
    await form.getByLabel("School identifier").fill(taken);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(
      form.getByText("School identifier is already used by another participant of the school"),
    ).toBeVisible();
    await expect(form.getByLabel("School identifier")).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page, "the edit form with errors");

    await form.getByLabel("School identifier").fill(`SID-${unique()}`);
    await form.getByLabel("Phone").fill("2125550199");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();
    await expect(headerOf(page)).toContainText("(212) 555-0199");
  });

  test("adds a note, newest first", async ({ signedInBlankPage: page, api, session }) => {
    const s = await createStudent(api, session);
    await page.goto(`/Students/${s.uuid}?tab=information`);
    const notes = page.getByRole("region", { name: "Notes" });
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(notes.getByText("Message is required")).toBeVisible();
    await notes.getByLabel("Message").fill("First note from the spec");
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(notes.getByRole("list", { name: "Notes, newest first" }).getByRole("listitem")).toHaveCount(1);
    await notes.getByLabel("Message").fill("Second note from the spec");
    await notes.getByRole("button", { name: "Add note" }).click();
    const items = notes.getByRole("list", { name: "Notes, newest first" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText("Second note from the spec");
    await expect(items.first()).toContainText(`${session.user.first_name} ${session.user.last_name}`);
  });

  test("adds and removes an excuse", async ({ signedInBlankPage: page, api, session }) => {
    const s = await createStudent(api, session);
    const course = await enrolInACourse(api, session, s.id);
    await page.goto(`/Students/${s.uuid}?tab=information`);
    const excuses = page.getByRole("region", { name: "Excuses" });
    await expect(excuses).toContainText("No excuses.");
    // both fields are required
    await excuses.getByRole("button", { name: "Add excuse" }).click();
    await expect(excuses.getByText("Date is required")).toBeVisible();

    await excuses.getByRole("button", { name: "Choose Date in the calendar" }).click();
    await page.getByRole("button", { name: /^15 / }).first().click();
    await excuses.getByRole("combobox", { name: "Course or event" }).click();
    await page.getByRole("option", { name: course.title }).click();
    await excuses.getByLabel("Notes").fill("Doctor's note seen");
    await excuses.getByRole("button", { name: "Add excuse" }).click();
    const table = excuses.getByRole("table", { name: "Excuses, newest date first" });
    await expect(table.getByRole("row").filter({ hasText: course.title })).toHaveCount(1);
    await expect(table).toContainText("Doctor's note seen");
    await expect(table).toContainText(/\d{2}\/15\/\d{4}/);
    await expectNoA11yViolations(page, "an excuse listed");

    await table.getByRole("button", { name: /^Remove the excuse of/ }).click();
    const dialog = page.getByRole("dialog", { name: "Remove excuse" });
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(excuses).toContainText("No excuses.");
  });

  test("resets the token after a confirm and shows the offline code's set-up", async ({
    signedInBlankPage: page,
    api,
    session,
  }) => {
    const s = await createStudent(api, session);
    await page.goto(`/Students/${s.uuid}`);
    const card = page.getByRole("region", { name: "Token and offline code" });
    const token = card.locator("code").first();
    await expect(token).toHaveText(s.token ?? "");

    await card.getByRole("button", { name: "Reset token" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset token" });
    await expect(dialog.getByLabel("E-mail the new token to the student")).toBeVisible();
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(token).toHaveText(s.token ?? "");

    await card.getByRole("button", { name: "Reset token" }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText("The token was reset.")).toBeVisible();
    await expect(token).not.toHaveText(s.token ?? "");

    await card.getByRole("button", { name: "Show the offline code set-up" }).click();
    await expect(card.getByRole("img", { name: "QR code of the offline code set-up" })).toBeVisible();
    await expect(card.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)).toBeVisible();
    await expectNoA11yViolations(page, "the token card open");
  });

  test("shows the registered phone and releases it after a confirm; the Events tab groups the events", async ({
    signedInBlankPage: page,
    api,
    session,
    serverURL,
  }) => {
    const s = await createStudent(api, session);
    // the phone registers itself through the device API (the only thing faked is the phone)
    const phone = new DeviceClient(serverURL, s.token ?? "");
    ok("register", await phone.register({ model_name: "Pixel 8", app_version: "2.4.1", bluetooth_permission: false }));
    const { events } = await api.graphql<{ events: { data: { id: number; title: string }[] } }>(
      session.access_token,
      `query { events(query: "Financial Aid Night") { data { id title } } }`,
    );
    const event = events.data[0];
    expect(event, "the demo school has Financial Aid Night").toBeTruthy();
    await api.graphql(
      session.access_token,
      `mutation($e: Int!, $ids: [Int!]!) { addStudentsToEvent(event_id: $e, student_ids: $ids) { changed } }`,
      { e: event?.id, ids: [s.id] },
    );

    await page.goto(`/Students/${s.uuid}`);
    const device = page.getByRole("region", { name: "Device" });
    await expect(device).toContainText("Pixel 8");
    await expect(device).toContainText("2.4.1");
    await device.getByRole("button", { name: "Release device" }).click();
    const dialog = page.getByRole("dialog", { name: "Release device" });
    await expect(dialog).toContainText(`Forget ${s.first_name}'s phone?`);
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText("The device was released.")).toBeVisible();
    await expect(device).toContainText("No device registered.");

    await tab(page, "Events").click();
    const attending = page.getByRole("region", { name: "Attending" });
    await expect(attending.getByRole("link", { name: "Financial Aid Night" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Waitlisted (0)" })).toBeVisible();
    await expectNoA11yViolations(page, "the Events tab");
    // the event's attendance page of this student
    await attending.getByRole("link", { name: "Financial Aid Night" }).click();
    await expect(page).toHaveURL(new RegExp(`/Students/${s.uuid}/Events/[0-9a-f-]{36}/Attendance$`));
    await expect(heading(page, `${s.first_name} ${s.last_name}: Financial Aid Night`)).toBeVisible();
  });

  test("shows a phone the student signed out of, in its wait, and releases it by keyboard", async ({
    signedInBlankPage: page,
    serverURL,
    api,
    session,
  }) => {
    const s = await createStudent(api, session);
    const sibling = await createStudent(api, session);
    // the family phone signs the student in, then out, as the check-in app does (decision 0511)
    const phone = new DeviceClient(serverURL, s.token ?? "");
    ok("register", await phone.register({ model_name: "Kitchen phone" }));
    expect(ok("sign-out", await phone.signOut()).data.signed_out).toBe(true);
    // in its wait the phone signs in no other student: the sibling is sent to staff
    const siblingOnPhone = () => new DeviceClient(serverURL, sibling.token ?? "").register({ token: phone.deviceId });
    const refused = await siblingOnPhone();
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(JSON.stringify(refused.body)).toContain("Ask staff to release it");

    const { school, student } = await api.graphql<{
      school: { timezone: string };
      student: { signed_out_device: { signed_out_at: string } | null };
    }>(
      session.access_token,
      "query($u: String!) { school { timezone } student(uuid: $u) { signed_out_device { signed_out_at } } }",
      { u: s.uuid },
    );
    const out = student.signed_out_device?.signed_out_at;
    expect(out, "the student's page has the phone signed out of").toBeTruthy();
    // the page's words, written out: the school's clock, the wait of 10 hours
    const at = (ms: number) =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: school.timezone,
        month: "2-digit",
        day: "2-digit",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
      }).format(ms);
    const outMs = Date.parse(out as string);

    await page.goto(`/Students/${s.uuid}`);
    const device = page.getByRole("region", { name: "Device" });
    await expect(device).toContainText("No device registered.");
    await expect(device).toContainText(
      `Signed out of Kitchen phone at ${at(outMs)}; that phone signs in no other student until ${at(outMs + 10 * 3_600_000)}.`,
    );
    await expectNoA11yViolations(page, "a participant with a phone signed out of");

    // Release device, from the keyboard: Enter on the button, then Tab to Yes and Enter
    const release = device.getByRole("button", { name: "Release device" });
    await release.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Release device" });
    await expect(dialog).toContainText(`Forget the phone ${s.first_name} signed out of?`);
    const yes = dialog.getByRole("button", { name: "Yes" });
    for (let i = 0; i < 5 && !(await yes.evaluate((b) => b === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(yes).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("The device was released.")).toBeVisible();
    await expect(dialog).toBeHidden();
    // the card afterwards: no phone, no wait, nothing left to release
    await expect(device).not.toContainText("Signed out of");
    await expect(device).toContainText("No device registered.");
    await expect(release).toHaveCount(0);
    await expectNoA11yViolations(page, "a participant after the phone's release");
    // and the phone is free: the sibling signs in on it at once
    ok("the sibling's register after the release", await siblingOnPhone());
  });

  test("shows a change made elsewhere without a reload, on the same tab", async ({
    signedInBlankPage: page,
    api,
    session,
  }) => {
    const s = await createStudent(api, session);
    await page.goto(`/Students/${s.uuid}?tab=information`);
    await expect(tab(page, "Information")).toHaveAttribute("aria-selected", "true");
    await page.evaluate(() => {
      (window as unknown as { liveMarker: number }).liveMarker = 1;
    });
    await api.graphql(
      session.access_token,
      `mutation($id: Int!) { updateStudent(id: $id, preferred_name: "Live") { id } }`,
      {
        id: s.id,
      },
    );
    await expect(headerOf(page)).toContainText("Goes by Live");
    await expect(tab(page, "Information")).toHaveAttribute("aria-selected", "true");
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  });

  test("says not found for an unknown or malformed uuid", async ({ signedInBlankPage: page }) => {
    await page.goto("/Students/00000000-0000-4000-8000-000000000000");
    await expect(heading(page, "Participant not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the participants" })).toBeVisible();
    await page.goto("/Students/not-a-uuid");
    await expect(heading(page, "Participant not found")).toBeVisible();
    await expectNoA11yViolations(page, "participant not found");
  });
});

test.describe("a professor (no view_information, no create_participant, no reset_token)", () => {
  test.use({ role: "judge" });
  test.slow();

  test("sees no demographics, no edit and no token", async ({ signedInBlankPage: page, api, session }) => {
    const { students } = await api.graphql<{ students: { data: { uuid: string; first_name: string }[] } }>(
      session.access_token,
      `query { students(per_page: 1) { data { uuid first_name } } }`,
    );
    const s = students.data[0];
    expect(s, "the professor sees a student").toBeTruthy();
    await page.goto(`/Students/${s?.uuid}?tab=information`);
    await expect(tab(page, "Information")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("You may not see this participant's information.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit participant" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Token and offline code" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove", exact: true })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Notes" })).toBeVisible();
    await expectNoA11yViolations(page, "a participant seen by a professor");
  });
});
