import { expect, expectNoA11yViolations, test } from "../fixtures.ts";

/**
 * /Settings, Technical tab (issue 13): the check-in app's address with its QR code, the device
 * API's address, mail delivery (the e2e server relays to the fake SMTP server), live updates
 * counting this very browser, the database and the version. Axe on the tab.
 */
test.use({ role: "school_admin" });

test("the Technical tab shows the check-in app's QR code and the server's health", async ({
  signedInBlankPage: page,
}) => {
  await page.goto("/Settings?tab=technical");
  await expect(page.getByRole("tab", { name: "Technical", selected: true })).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole("img", { name: /^QR code of the check-in app: http/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR code of the check-in app/ }).locator("svg")).toBeVisible();
  await expect(page.getByText(/\/api\/v2\/device$/)).toBeVisible();

  const updates = page.getByRole("table", { name: "Live updates" });
  // this page's own push connection is one of them
  await expect
    .poll(
      async () =>
        Number((await updates.getByRole("row", { name: /Browsers connected here/ }).innerText()).replace(/\D/g, "")),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(1);
  const database = page.getByRole("table", { name: "Database" });
  await expect(database.getByText("Answering")).toBeVisible();
  // the end-to-end server relays to the fake SMTP server, which accepts every mail
  const mail = page.getByRole("table", { name: "Mail delivery" });
  await expect(mail.getByText("Delivering")).toBeVisible();
  await expect(mail.getByRole("row", { name: /Waiting in the outbox/ })).toBeVisible();
  await expect(page.getByText(/^Rollbook \d+\.\d+\.\d+, Node\.js \d+/)).toBeVisible();
  expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await expectNoA11yViolations(page, "/Settings Technical tab");
});
