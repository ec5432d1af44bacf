import { checkInNow } from "../../bench/src/sim/check-in.ts";
import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { uniqueWord } from "../support/factories.ts";
import { roomInSchoolDay } from "../support/school-clock.ts";

/**
 * The Locations tab and /Locations/{id} (issue 13): a location created with its centre pasted as
 * "lat, lng", a beacon added lower-case and shown upper-case, the same factory id refused on its
 * field, the beacon and the location removed. Axe on the list, the dialog and the detail page.
 */
test.use({ role: "school_admin" });

test("a location is created from pasted coordinates, gets a beacon, refuses a duplicate and is removed", async ({
  signedInBlankPage: page,
}) => {
  test.slow();
  await page.goto("/Settings?tab=locations");
  await expect(page.getByRole("tab", { name: "Locations", selected: true })).toBeVisible();
  const grid = page.getByRole("table", { name: "Locations" });
  await expect(grid.getByRole("columnheader", { name: "Beacons" })).toBeVisible();
  await expect(grid.locator("tbody tr").first()).toBeVisible();
  await expectNoA11yViolations(page, "/Settings Locations tab");
  await page.screenshot({ path: "/tmp/rollbook-shots/locations-tab.png", fullPage: true });

  const name = uniqueWord("Field House");
  await page.getByRole("button", { name: "New location" }).click();
  const dialog = page.getByRole("dialog", { name: "New location" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Latitude").fill("40.7128, -74.006");
  await expect(dialog.getByLabel("Latitude")).toHaveValue("40.7128");
  await expect(dialog.getByLabel("Longitude")).toHaveValue("-74.006");
  await dialog.getByLabel("Radius (metres)").fill("120");
  await expectNoA11yViolations(page, "the New location dialog");
  await dialog.getByRole("button", { name: "Create location" }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/Locations\/\d+$/);
  await expect(page.getByText("40.7128, -74.006, radius 120 m")).toBeVisible();

  const factory = `e2e-${Date.now().toString(36)}`;
  const add = page.getByRole("form", { name: "Add beacons" });
  await add.getByLabel("Factory id").fill(factory);
  await add.getByRole("button", { name: "Add beacon" }).click();
  await expect(page.getByText("The beacon was added.")).toBeVisible();
  const beacons = page.getByRole("table", { name: `Beacons of ${name}` });
  const row = beacons.getByRole("row", { name: new RegExp(factory.toUpperCase()) });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell", { name: "Never" })).toBeVisible();

  await add.getByLabel("Factory id").fill(factory);
  await add.getByRole("button", { name: "Add beacon" }).click();
  await expect(add.getByLabel("Factory id")).toHaveAccessibleDescription(
    new RegExp(`${factory.toUpperCase()} is already at this location`),
  );
  await expect(page.getByText("No pings at this location on that day.")).toBeVisible();
  await expectNoA11yViolations(page, "/Locations/{id} with a refused beacon");
  await page.screenshot({ path: "/tmp/rollbook-shots/location-detail.png", fullPage: true });

  await row.getByRole("button", { name: `Remove beacon ${factory.toUpperCase()}` }).click();
  await page.getByRole("dialog", { name: "Remove beacon" }).getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText(`Beacon ${factory.toUpperCase()} was taken off ${name}.`)).toBeVisible();
  await expect(page.getByText("No beacons at this location.")).toBeVisible();

  await page.getByRole("button", { name: "Remove location" }).click();
  await page.getByRole("dialog", { name: "Remove location" }).getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText(`${name} was removed.`)).toBeVisible();
  await expect(page.getByRole("tab", { name: "Locations", selected: true })).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});

test("a location's beacons with battery and last seen, and its activity by hour as a chart and a table", async ({
  signedInBlankPage: page,
  api,
  session,
  serverURL,
}) => {
  test.slow();
  // the study hall meets 00:00-23:59: in the school's last minutes, wait for the next day
  await roomInSchoolDay(3);
  // a participant checks in now at the always-open study hall (the real device API), as the
  // Facility report's spec does: its location then has activity this hour
  const token = session.access_token;
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { createStudent: student } = await api.graphql<{ createStudent: { id: number; token: string } }>(
    token,
    `mutation($last: String!) { createStudent(first_name: "Locator", last_name: $last) { id token } }`,
    { last: `Spec${tag}` },
  );
  const { courses } = await api.graphql<{
    courses: { data: { id: number; title: string; location: { id: number; name: string } | null }[] };
  }>(token, `query { courses(in_session: true, query: "Open Study Hall") { data { id title location { id name } } } }`);
  const hall = courses.data.find((c) => c.title === "Open Study Hall");
  expect(hall?.location, "the study hall is in session at a location").toBeTruthy();
  await api.graphql(
    token,
    `mutation($c: Int!, $ids: [Int!]!) { addCourseToStudents(course_id: $c, student_ids: $ids) { changed } }`,
    { c: hall?.id, ids: [student.id] },
  );
  await checkInNow(serverURL, student.token, { title: "Open Study Hall" });
  const name = hall?.location?.name as string;

  await page.goto("/Settings?tab=locations");
  await page.getByRole("table", { name: "Locations" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const beacons = page.getByRole("table", { name: `Beacons of ${name}` });
  await expect(beacons.getByRole("columnheader", { name: "Battery" })).toBeVisible();
  await expect(beacons.getByRole("columnheader", { name: "Last seen" })).toBeVisible();
  // the chart's numbers are a table for screen readers: 24 hours, this hour with a student
  const twin = page.getByRole("table", { name: `Activity at ${name} by hour` });
  await expect(twin.getByRole("rowheader")).toHaveCount(24);
  await expect(twin.getByRole("columnheader", { name: "Students" })).toBeAttached();
  await expectNoA11yViolations(page, "/Locations/{id} with activity");
  await page.getByRole("button", { name: "Show as table" }).click();
  await expect(twin).toBeVisible();
  await page.getByRole("button", { name: "Show as chart" }).click();
  await page.screenshot({ path: "/tmp/rollbook-shots/location-demo.png", fullPage: true });
});
