import { expect, expectNoSeriousA11yViolations, test } from "../fixtures.ts";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** Every page this issue builds, each waited for in its settled state before axe looks. */
test.describe("no serious or critical axe violation", () => {
  test("/Login", async ({ page }) => {
    await page.goto("/Login");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // with its error state showing too
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/Login with field errors");
  });

  test("/ForgotPassword", async ({ page }) => {
    await page.goto("/ForgotPassword");
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("/ResetPassword/{uuid}", async ({ page }) => {
    await page.goto(`/ResetPassword/${UNKNOWN}`);
    await expect(page.getByRole("button", { name: "Set new password" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("/Invite/{uuid} for a dead link", async ({ page }) => {
    await page.goto(`/Invite/${UNKNOWN}`);
    await expect(page.getByRole("heading", { name: "Accept invitation" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("invalid, expired or already used");
    await expectNoSeriousA11yViolations(page);
  });

  test("/CheckIn", async ({ page }) => {
    await page.goto("/CheckIn");
    await expect(page.getByRole("heading", { level: 1, name: "Rollbook Check-in" })).toBeVisible();
    await expect(page.getByLabel("Personal token")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test.describe("signed in", () => {
    test.use({ role: "school_admin" });

    test("/Dashboard with its data, and its confirm dialog", async ({ signedInPage: page }) => {
      // three full axe scans and two round trips: on a loaded 2-core CI machine it ran past 30 s
      test.slow();
      await expect(page.getByRole("region", { name: "School" }).getByText("Rollbook Demo High School")).toBeVisible();
      await expect(page.getByRole("button", { name: /^Remove .+ from dashboard$/ }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page
        .getByRole("button", { name: /^Remove .+ from dashboard$/ })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: "Remove tile" });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/Dashboard with the confirm dialog open");
      await dialog.getByRole("button", { name: "No" }).click();
      await expect(dialog).toBeHidden();

      // and with a notification showing (a tile removed)
      await page
        .getByRole("button", { name: /^Remove .+ from dashboard$/ })
        .first()
        .click();
      await dialog.getByRole("button", { name: "Yes" }).click();
      await expect(page.getByText(/was removed from your dashboard\./)).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/Dashboard with a notification");
    });

    test("/Profile", async ({ signedInPage: page, session }) => {
      await page.goto("/Profile");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(session.user.email);
      await expectNoSeriousA11yViolations(page);
    });

    test("the phone layout with the menu open", async ({ signedInPage: page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.getByRole("button", { name: "Toggle navigation" }).click();
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Groups" }),
      ).toBeInViewport();
      await expectNoSeriousA11yViolations(page, "/Dashboard on a phone, menu open");
    });
  });

  test.describe("role 1", () => {
    test.use({ role: "master_admin" });

    test("/Dashboard with the school switcher", async ({ signedInPage: page }) => {
      await expect(page.getByRole("combobox", { name: "School" }).getByRole("option")).toHaveCount(2);
      await expectNoSeriousA11yViolations(page);
    });
  });
});
