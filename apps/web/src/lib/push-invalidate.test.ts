import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ALERT_TARGETS_KEY, userKey } from "../features/users/queries.ts";
import { keyMatches, PushInvalidator } from "./push-invalidate.ts";
import type { PushEvent, PushType } from "./push-protocol.ts";

const ev = (type: PushType): PushEvent => ({ seq: 1, type, ids: [1] });

describe("push invalidation", () => {
  afterEach(() => vi.useRealTimers());

  it("matches a key's area or an operation named after it, not a longer word", () => {
    expect(keyMatches(["team", "abc"], "team")).toBe(true);
    expect(keyMatches(["teamDetail"], "team")).toBe(true);
    expect(keyMatches(["teams", "list"], "team")).toBe(false);
    expect(keyMatches(["teams", "list"], "teams")).toBe(true);
    expect(keyMatches([42], "team")).toBe(false);
  });

  it("a student's change refreshes the team, event and course pages that count them", async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const keys = [["team", "u1"], ["teams", "list"], ["event", "u2"], ["course", "u3"], ["settings"]];
    for (const k of keys) client.setQueryData(k, 1);
    const inv = new PushInvalidator(client, 1000);
    inv.event(ev("student.update"));
    const stale = keys.filter((k) => client.getQueryState(k)?.isInvalidated).map((k) => k[0]);
    expect(stale).toEqual(["team", "teams", "event", "course"]);
    inv.dispose();
  });

  it("a course's change refreshes a user's page and its alert choices, not the users list", () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const keys = [userKey(12), ALERT_TARGETS_KEY, ["users", "list"]];
    for (const k of keys) client.setQueryData(k, 1);
    const inv = new PushInvalidator(client, 1000);
    inv.event(ev("course.update"));
    expect(keys.filter((k) => client.getQueryState(k)?.isInvalidated)).toEqual([userKey(12), ALERT_TARGETS_KEY]);
    inv.dispose();
  });

  it("coalesces a burst into one refresh at the end of the window", () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const spy = vi.spyOn(client, "invalidateQueries");
    const inv = new PushInvalidator(client, 1000);
    for (let i = 0; i < 50; i++) inv.event(ev("attendance.update"));
    expect(spy).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(spy).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(spy).toHaveBeenCalledTimes(2);
    inv.dispose();
  });
});
