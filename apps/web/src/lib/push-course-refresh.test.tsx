import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCourseDetail } from "../features/courses/queries.ts";
import { useEventDetail } from "../features/events/queries.ts";
import { useTeamDetail } from "../features/teams/queries.ts";
import { ME_KEY } from "./me.ts";
import { usePush } from "./push.ts";
import { endSession, signIn } from "./session.ts";

/** A stand-in for the browser's WebSocket: the test plays the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  /** a frame from the server */
  receive(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

const UUID = "c0ffee00-0000-4000-8000-000000000001";

/** Which GraphQL operations the page sent, by name, in order. */
function fakeServer() {
  const operations: string[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const { query } = JSON.parse(String(init.body)) as { query: string };
    const name = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "?";
    operations.push(name);
    const data =
      name === "courseDetail"
        ? { course: { id: 1, uuid: UUID, title: "Biology", start_time: "20:15", end_time: "21:00" } }
        : name === "eventDetail"
          ? { event: { id: 2, uuid: UUID, title: "Fair" } }
          : { team: { id: 3, uuid: UUID, name: "Chess" } };
    return new Response(JSON.stringify({ data }), { status: 200, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return operations;
}

/**
 * The signed-in shell's push channel (usePush) with an open detail page: a `course.update`
 * (`event.update`, `team.update`) from the server refetches the page, without a reload.
 */
describe("an open page hears its course, event or team change", () => {
  let client: QueryClient;
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    signIn({ access_token: "access-1", search_token: "search-1" } as never);
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // the shell has loaded `me` (its id scopes the channel)
    client.setQueryData(ME_KEY, { id: 7 } as never);
  });
  afterEach(() => {
    endSession("logout");
    client.clear();
    vi.unstubAllGlobals();
  });

  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

  async function openPage(usePage: () => unknown, operation: string, operations: string[]) {
    renderHook(
      () => {
        usePush();
        return usePage();
      },
      { wrapper },
    );
    await waitFor(() => expect(operations).toContain(operation));
    await waitFor(() => expect(FakeSocket.all[0]?.sent.length).toBe(1));
    const socket = FakeSocket.all[0] as FakeSocket;
    expect(JSON.parse(socket.sent[0] as string)).toEqual({ type: "auth", token: "access-1" });
    // a resumed socket: nothing missed, so nothing refetched on `ready`
    act(() => socket.receive({ type: "ready", instance: "i", seq: 0, resumed: true }));
    return socket;
  }

  const count = (operations: string[], name: string) => operations.filter((o) => o === name).length;

  it.each([
    ["course.update", "courseDetail", () => useCourseDetail(UUID)],
    ["event.update", "eventDetail", () => useEventDetail(UUID)],
    ["team.update", "teamDetail", () => useTeamDetail(UUID)],
  ] as const)("%s refetches the open page (%s)", async (type, operation, usePage) => {
    const operations = fakeServer();
    const socket = await openPage(usePage, operation, operations);
    expect(count(operations, operation)).toBe(1);
    act(() => socket.receive({ seq: 1, type, ids: [1] }));
    await waitFor(() => expect(count(operations, operation)).toBe(2));
  });

  it("a message of another kind leaves the course page alone", async () => {
    const operations = fakeServer();
    const socket = await openPage(() => useCourseDetail(UUID), "courseDetail", operations);
    act(() => socket.receive({ seq: 1, type: "import.update", ids: [1] }));
    await new Promise((r) => setTimeout(r, 50));
    expect(count(operations, "courseDetail")).toBe(1);
  });
});
