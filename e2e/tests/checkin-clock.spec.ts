import type { BrowserContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, demoEmail, expect, expectNoA11yViolations, test } from "../fixtures.ts";
import type { Api } from "../support/api.ts";

/**
 * The check-in phone against the server's clock and the server's refusals (decision 0520): a phone
 * whose clock runs 10 minutes fast stamps its pings in the server's time, and a ping the server
 * refuses stays on the phone in a "Not sent" list with the server's reason until dismissed.
 */

const MIN = 60_000;
/** open sea, far from every school: these pings check nobody in (other specs count check-ins) */
const AT_SEA = { latitude: 0.5, longitude: -20 };

/**
 * A student's personal token from the middle of the list (other specs take theirs from the ends),
 * a different one per test: a student has one active phone at a time.
 */
async function studentToken(api: Api, pick: number): Promise<string> {
  const admin = await api.login(demoEmail("school_admin"), DEMO_PASSWORD);
  const { students } = await api.graphql<{ students: { data: { token: string | null }[] } }>(
    admin.access_token,
    '{ students(per_page: 50, sort_by: "last_name", sort_dir: "asc") { data { token } } }',
  );
  const tokens = students.data.map((s) => s.token).filter((t): t is string => Boolean(t));
  const token = tokens[Math.floor(tokens.length / 2) + pick];
  expect(token, "the demo school has students with tokens").toBeTruthy();
  return token as string;
}

const isPings = (method: string, url: string) => method === "POST" && url.endsWith("/api/v2/device/pings");

interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

async function signIn(page: Page, context: BrowserContext, token: string, position: Position) {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(position);
  await page.goto("/CheckIn");
  await page.getByLabel("Personal token").fill(token);
  const registered = page.waitForResponse(
    (r) => r.url().endsWith("/api/v2/device/register") && r.request().method() === "POST",
  );
  const firstBatch = page.waitForResponse((r) => isPings(r.request().method(), r.url()));
  await page.getByRole("button", { name: "Check in with token" }).click();
  return { registered: await registered, firstBatch };
}

test("a phone whose clock runs 10 minutes fast stamps its pings in the server's time", async ({
  page,
  context,
  api,
}) => {
  const token = await studentToken(api, 0);
  await page.clock.install({ time: new Date(Date.now() + 10 * MIN) });
  const { registered, firstBatch } = await signIn(page, context, token, { ...AT_SEA, accuracy: 10 });
  const phoneAhead = (await page.evaluate(() => Date.now())) - Date.now();
  expect(phoneAhead, "the phone's clock runs fast").toBeGreaterThan(9 * MIN);

  const answer = (await registered.json()) as { server_time?: unknown };
  expect(typeof answer.server_time, "device answers carry server_time").toBe("string");

  const batch = await firstBatch;
  const pings = (batch.request().postDataJSON() as { pings: { recorded_at: string }[] }).pings;
  expect(pings.length).toBeGreaterThan(0);
  for (const p of pings) {
    // the phone's clock says 10 minutes later; the ping says the server's now
    expect(Math.abs(Date.parse(p.recorded_at) - Date.now()), p.recorded_at).toBeLessThan(MIN);
  }
  expect(batch.status()).toBe(200);
  const { data } = (await batch.json()) as { data: { accepted: number; duplicates: number } };
  expect(data.accepted + data.duplicates).toBe(pings.length);
  await expect(page.getByRole("status").filter({ hasText: /waiting to send|Nothing waiting/ })).toHaveText(
    "Nothing waiting to send",
  );
  await expect(page.getByRole("region", { name: "Not sent" })).toHaveCount(0);
});

test("a ping the server refuses stays in Not sent with the server's reason until dismissed", async ({
  page,
  context,
  api,
}) => {
  const token = await studentToken(api, 1);
  // an accuracy no phone reports: the server refuses the ping
  const { firstBatch } = await signIn(page, context, token, { ...AT_SEA, accuracy: 150_000 });
  const batch = await firstBatch;
  expect(batch.status()).toBe(400);
  const sent = (batch.request().postDataJSON() as { pings: { id: string; accuracy: number }[] }).pings;
  expect(sent[0]?.accuracy).toBe(150_000);
  const { errors } = (await batch.json()) as { errors: Record<string, string[]> };
  const reason = errors["pings.0.accuracy"]?.[0];
  expect(reason, "the server names the field").toBeTruthy();
  // the next heartbeat's ping would be refused too: keep it waiting instead
  await context.setOffline(true);

  const region = page.getByRole("region", { name: "Not sent" });
  const items = region.getByRole("list", { name: "Check-ins not sent" }).getByRole("listitem");
  const entry = items.filter({ hasText: `accuracy ${reason}` }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(/Check-in recorded .+Refused at/);
  // kept on the phone, not only on the screen
  const kept = () => page.evaluate(() => localStorage.getItem("rollbook.checkin.not-sent") ?? "");
  expect(await kept()).toContain(sent[0]?.id);
  await expectNoA11yViolations(page, "/CheckIn with a check-in not sent");

  // dismissed from the keyboard
  const before = await items.count();
  await entry.getByRole("button", { name: /^Dismiss the check-in recorded / }).focus();
  await page.keyboard.press("Enter");
  await expect(items).toHaveCount(before - 1);
  expect(await kept()).not.toContain(sent[0]?.id);
  if (before === 1) {
    await expect(region.getByRole("heading", { name: "Not sent" })).toBeFocused();
    await expect(region).toContainText("Nothing left here.");
  } else {
    await expect(items.first().getByRole("button", { name: /^Dismiss/ })).toBeFocused();
  }
  await context.setOffline(false);
});
