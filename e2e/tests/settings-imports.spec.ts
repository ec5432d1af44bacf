import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { uniqueWord } from "../support/factories.ts";

/**
 * Imports (issue 13): a students CSV with one bad row, uploaded through the API and followed on
 * /Imports/{uuid} (the bar reaches 100%, the bad row is listed with its line and reason), and
 * the same from the Imports tab of /Settings. Axe on both.
 */
test.use({ role: "school_admin" });

function studentsCsv(tag: string) {
  return [
    "school_identifier,first_name,last_name,email",
    `${tag}-1,Ines,Import,ines.${tag.toLowerCase()}@students.example.edu`,
    `${tag}-2,Badmail,Import,not-an-email`,
    `${tag}-3,Olu,Import,`,
  ].join("\n");
}

test("an uploaded import shows its progress reach done and lists the bad row with its line", async ({
  signedInBlankPage: page,
  session,
  serverURL,
}) => {
  const tag = uniqueWord("IMP").replace(/[^A-Za-z0-9]/g, "");
  const res = await fetch(new URL("/api/v2/imports?kind=students", serverURL), {
    method: "POST",
    headers: {
      authorization: `Bearer ${session.access_token}`,
      "x-requested-with": "XMLHttpRequest",
      "content-type": "text/csv",
    },
    body: studentsCsv(tag),
  });
  expect(res.status).toBe(202);
  const { data } = (await res.json()) as { data: { uuid: string; total_rows: number } };
  expect(data.total_rows).toBe(3);

  await page.goto(`/Imports/${data.uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
  const bar = page.getByRole("progressbar", { name: "Import progress" });
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await expect(bar).toHaveAttribute("aria-valuetext", /3 of 3 rows \(100%\), done/);
  await expect(page.getByText("Done: 2 rows imported, 1 not.")).toBeVisible();
  const errors = page.getByRole("table");
  await expect(errors.getByRole("row", { name: /^3 email: must be a valid e-mail address/ })).toBeVisible();
  await expectNoA11yViolations(page, "/Imports/{uuid} with a row error");
  await page.screenshot({ path: "/tmp/rollbook-shots/import-page.png", fullPage: true });
});

test("the Imports tab uploads a file and follows it to its page", async ({ signedInBlankPage: page }) => {
  await page.goto("/Settings?tab=imports");
  await expect(page.getByRole("tab", { name: "Imports", selected: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import a file" })).toBeVisible();
  await expect(page.getByText("school_identifier*, first_name*, last_name*")).toBeVisible();
  // the empty file box says what it is for
  await expect(page.getByRole("button", { name: /^CSV file/ })).toContainText("Choose a .csv file");
  await expectNoA11yViolations(page, "/Settings Imports tab");
  await page.screenshot({ path: "/tmp/rollbook-shots/imports-panel.png", fullPage: true });
  const tag = uniqueWord("PNL").replace(/[^A-Za-z0-9]/g, "");
  await page.locator('input[type="file"]').setInputFiles({
    name: "students.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(studentsCsv(tag)),
  });
  await page.getByRole("button", { name: "Upload and import" }).click();
  await expect(page).toHaveURL(/\/Imports\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByRole("row", { name: /^3 email: must be a valid e-mail address/ })).toBeVisible();

  await page.getByRole("link", { name: "Back to the imports" }).click();
  const list = page.getByRole("region", { name: "Imports" }).or(page.locator("section[aria-labelledby=imports-list]"));
  await expect(list.getByRole("row").nth(1)).toContainText("Done");
});

test("a file with a wrong header is refused with a message that names the columns", async ({ session, serverURL }) => {
  const res = await fetch(new URL("/api/v2/imports?kind=students", serverURL), {
    method: "POST",
    headers: {
      authorization: `Bearer ${session.access_token}`,
      "x-requested-with": "XMLHttpRequest",
      "content-type": "text/csv",
    },
    body: "id,name\n1,Ada\n",
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toMatch(/lacks the columns "school_identifier"/);
});
