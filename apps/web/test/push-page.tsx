import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { expect, vi } from "vitest";
import { ME_KEY } from "../src/lib/me.ts";
import { usePush } from "../src/lib/push.ts";
import { endSession, signIn } from "../src/lib/session.ts";

/** A stand-in for the browser's WebSocket: the test plays the server. */
export class FakeSocket {
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

/**
 * A signed-in browser whose shell has loaded `me` (its id scopes the channel), with the fake
 * WebSocket: call in a beforeEach, and `end` in the afterEach.
 */
export function startPushSession() {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  signIn({ access_token: "access-1", search_token: "search-1" } as never);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, { id: 7 } as never);
  return {
    client,
    end() {
      endSession("logout");
      client.clear();
      vi.unstubAllGlobals();
    },
  };
}

/**
 * Opens a page's data hook beside the shell's push channel (usePush), waits for its first load
 * (`operation` among the operations `sent`) and a resumed socket (nothing missed, so nothing refetched on
 * `ready`), and returns the socket to send messages on.
 */
export async function openPushedPage(
  client: QueryClient,
  usePage: () => unknown,
  operation: string,
  sent: () => readonly string[],
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(
    () => {
      usePush();
      return usePage();
    },
    { wrapper },
  );
  await waitFor(() => expect(sent()).toContain(operation));
  await waitFor(() => expect(FakeSocket.all[0]?.sent.length).toBe(1));
  const socket = FakeSocket.all[0] as FakeSocket;
  expect(JSON.parse(socket.sent[0] as string)).toEqual({ type: "auth", token: "access-1" });
  act(() => socket.receive({ type: "ready", instance: "i", seq: 0, resumed: true }));
  return socket;
}

/** How many times an operation was sent. */
export const timesSent = (operations: readonly string[], name: string) => operations.filter((o) => o === name).length;
