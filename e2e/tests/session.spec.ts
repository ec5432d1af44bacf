import { demoEmail, expect, signInThroughForm, test, tokenIn } from "../fixtures.ts";

const ME = "query { me { id } }";

test.describe("ending a session", () => {
  test("Logout in the user menu revokes the token and returns to /Login", async ({ page, api }) => {
    await page.goto("/Login");
    await signInThroughForm(page, demoEmail("staff"));
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const token = await tokenIn(page);
    expect(token).toBeTruthy();
    // the token works before logout
    expect((await api.graphqlRaw(token!, ME)).status).toBe(200);

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();

    await expect(page).toHaveURL(/\/Login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(await tokenIn(page)).toBeNull();
    // the server no longer accepts the old token
    expect((await api.graphqlRaw(token!, ME)).status).toBe(401);
    expect((await api.logout(token!)).status).toBe(401);
    // and the signed-in pages are closed again
    await page.goto("/Dashboard");
    await expect(page).toHaveURL(/\/Login\?redirect=%2FDashboard$/);
  });

  test("the user menu leads to the profile", async ({ signedInPage: page, session }) => {
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/Profile$/);
    // the profile is editable (issue 13): the address is the value of its field
    await expect(page.getByRole("form", { name: "Your information" }).getByLabel("E-mail")).toHaveValue(
      session.user.email,
    );
  });

  test.describe("a 401 anywhere", () => {
    test.use({ role: "school_owner" });

    test("a refused action signs the user out and asks to sign in again", async ({ page, signIn, api }) => {
      // The push socket is silenced: in a full run other specs push to this school, and a
      // refetch that a push causes between the revocation and the click would meet the 401
      // first (and sign out before the action under test).
      await page.routeWebSocket(/\/api\/v2\/push/, () => {});
      const session = await signIn("school_owner", page);
      await page.goto("/Dashboard");
      const remove = page.getByRole("button", { name: /^Remove .+ from dashboard$/ }).first();
      await expect(remove).toBeVisible();
      // the token is revoked elsewhere (another tab logged out, an admin reset it)
      expect((await api.logout(session.access_token)).status).toBe(200);

      await remove.click();
      await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();

      await expect(page).toHaveURL(/\/Login\?redirect=%2FDashboard$/);
      await expect(page.getByRole("status").filter({ hasText: "Your session has ended" })).toBeVisible();
      expect(await tokenIn(page)).toBeNull();
    });

    test("a refused load of the current user signs the user out", async ({ signedInPage: page, session, api }) => {
      expect((await api.logout(session.access_token)).status).toBe(200);
      await page.reload();
      await expect(page).toHaveURL(/\/Login\?redirect=%2FDashboard$/);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      expect(await tokenIn(page)).toBeNull();
    });
  });
});
