/**
 * What every spec imports instead of @playwright/test: the run's server, its mailbox, the HTTP
 * API, and pages signed in as a demo role (via the API, then the token put where the app keeps it).
 */
import { test as base, expect, type Page } from "@playwright/test";
import { Api, type ApiSession } from "./support/api.ts";
import { DEMO_PASSWORD, demoEmail, type RoleName } from "./support/demo.ts";
import { Mailbox } from "./support/mailbox.ts";
import { ENV_BASE_URL, ENV_MAIL_DIR, runEnv } from "./support/run-env.ts";

export type { ApiSession, ApiUser } from "./support/api.ts";
export { expectNoA11yViolations } from "./support/axe.ts";
export {
  DEMO_PASSWORD,
  DEMO_ROLES,
  DEMO_SCHOOL,
  demoEmail,
  EXPECTED_SIDEBAR,
  LAKESIDE_ADMIN,
  type RoleName,
  SECOND_SCHOOL,
} from "./support/demo.ts";
export { type CaughtMail, linkIn, Mailbox } from "./support/mailbox.ts";
export { expect };

/** Where the web app keeps its session (apps/web/src/lib/session.ts). */
const ACCESS_KEY = "rollbook.access_token";
const SEARCH_KEY = "rollbook.search_token";
const PREFS_KEY = "rollbook.prefs";
const SEEDED_KEY = "rollbook.e2e.seeded";

/**
 * Puts a session into the page's sessionStorage before the app's first script runs. It is
 * written only on the first load of the tab, so a later logout or 401 is not undone by the next
 * navigation.
 */
export async function useSessionIn(page: Page, session: ApiSession) {
  await page.addInitScript(
    ({ keys, session }) => {
      if (window.location.protocol === "about:" || sessionStorage.getItem(keys.seeded)) return;
      sessionStorage.setItem(keys.seeded, "1");
      sessionStorage.setItem(keys.access, session.access_token);
      sessionStorage.setItem(keys.search, session.search_token);
      sessionStorage.setItem(
        keys.prefs,
        JSON.stringify({ higher_contrast: session.user.higher_contrast, a11y_mode: session.user.a11y_mode }),
      );
    },
    { keys: { access: ACCESS_KEY, search: SEARCH_KEY, prefs: PREFS_KEY, seeded: SEEDED_KEY }, session },
  );
}

/** The token the page currently holds (null when signed out). */
export const tokenIn = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), ACCESS_KEY);

/** Signs in through the /Login form (the page must show it). */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export interface TestFixtures {
  /** The demo role of `signedInPage` (test.use({ role: "staff" })). */
  role: RoleName;
  api: Api;
  mailbox: Mailbox;
  /** Signs in a demo role through the API; pass the page to put the session into it. */
  signIn: (role: RoleName, page?: Page) => Promise<ApiSession>;
  /** The page, signed in as `role`, at /Dashboard with the dashboard shown. */
  signedInPage: Page;
  /**
   * The page with `role`'s session put in but nothing loaded yet (about:blank): the test's first
   * `page.goto(path)` opens `path` signed in, without the Dashboard load of `signedInPage` first.
   */
  signedInBlankPage: Page;
  /** The API session behind `signedInPage`. */
  session: ApiSession;
}

export interface WorkerFixtures {
  /** The server of this run, e.g. http://127.0.0.1:41234. */
  serverURL: string;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  serverURL: [async ({}, use) => use(runEnv(ENV_BASE_URL)), { scope: "worker" }],
  baseURL: async ({ serverURL }, use) => use(serverURL),
  role: ["school_admin", { option: true }],
  api: async ({ serverURL }, use) => use(new Api(serverURL)),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  mailbox: async ({}, use) => use(new Mailbox(runEnv(ENV_MAIL_DIR))),
  signIn: async ({ api }, use) =>
    use(async (role, page) => {
      const session = await api.login(demoEmail(role), DEMO_PASSWORD);
      if (page) await useSessionIn(page, session);
      return session;
    }),
  session: async ({ signIn, role, page }, use) => use(await signIn(role, page)),
  signedInBlankPage: async ({ page, session }, use) => {
    expect(session.access_token).toBeTruthy();
    await use(page);
  },
  signedInPage: async ({ signedInBlankPage: page }, use) => {
    await page.goto("/Dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await use(page);
  },
});
