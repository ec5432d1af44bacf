import type { Page, WebSocket } from "@playwright/test";
import { DEMO_PASSWORD, demoEmail, expect, test, useSessionIn } from "../fixtures.ts";

/**
 * Push-driven refresh: a change made elsewhere (here closeTask through GraphQL in another
 * session) shows on an open dashboard without a reload, well before the 90 s `me` poll, and the
 * tabs of one browser share a single push socket (the other tab takes it over when the first
 * one closes).
 */
test.use({ role: "academic_advisor" });

const PUSH = /\/api\/v2\/push$/;

interface Task {
  id: number;
  description: string;
}

/** Sockets to the push channel that a page opens, as they open. */
function watchSockets(page: Page) {
  const sockets: WebSocket[] = [];
  page.on("websocket", (ws) => {
    if (PUSH.test(ws.url())) sockets.push(ws);
  });
  return sockets;
}

const open = (sockets: WebSocket[]) => sockets.filter((s) => !s.isClosed()).length;

test("a task closed in another session leaves every open tab without a reload", async ({
  page,
  context,
  signIn,
  api,
}) => {
  const other = await api.login(demoEmail("academic_advisor"), DEMO_PASSWORD);
  const tasksNow = async () =>
    (await api.graphql<{ me: { tasks: Task[] } }>(other.access_token, "{ me { tasks { id description } } }")).me.tasks;
  // the last ones: dashboard.spec closes the first
  const tasks = await tasksNow();
  expect(tasks.length, "the demo advisor has tasks to close").toBeGreaterThanOrEqual(2);
  const [first, second] = tasks.slice(-2) as [Task, Task];

  const session = await signIn("academic_advisor", page);
  const pageB = await context.newPage();
  await useSessionIn(pageB, session);
  const socketsA = watchSockets(page);
  const socketsB = watchSockets(pageB);
  const region = (p: Page) => p.getByRole("region", { name: "My tasks" });
  const closeButtons = (p: Page, t: Task) =>
    region(p).getByRole("button", { name: `Close task: ${t.description}`, exact: true });

  await page.goto("/Dashboard");
  await expect(closeButtons(page, first).first()).toBeVisible();
  await pageB.goto("/Dashboard");
  await expect(closeButtons(pageB, first).first()).toBeVisible();
  const countFirst = await closeButtons(page, first).count();
  const countSecond = await closeButtons(page, second).count();

  // one socket for both tabs, held by the first
  await expect.poll(() => open(socketsA)).toBe(1);
  await page.waitForTimeout(1500);
  expect(open(socketsA) + open(socketsB), "both tabs share one push socket").toBe(1);

  // closed elsewhere: both tabs drop it (the second hears it over the tabs' channel)
  await api.graphql(other.access_token, "mutation($id: Int!) { closeTask(id: $id) { id } }", { id: first.id });
  await expect(closeButtons(page, first)).toHaveCount(countFirst - 1);
  await expect(closeButtons(pageB, first)).toHaveCount(countFirst - 1);

  // the tab with the socket closes: the other takes the channel over and still hears changes
  await page.close();
  await expect.poll(() => open(socketsB), { timeout: 10_000 }).toBe(1);
  await api.graphql(other.access_token, "mutation($id: Int!) { closeTask(id: $id) { id } }", { id: second.id });
  await expect(closeButtons(pageB, second)).toHaveCount(
    countSecond - (first.description === second.description ? 2 : 1),
  );
  expect((await tasksNow()).some((t) => t.id === second.id)).toBe(false);
});
