import { QueryClient, replaceEqualDeep } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PushInvalidator } from "../../../lib/push-invalidate.ts";
import { rosterKey } from "../queries.ts";

/**
 * The live roster under a burst: 500 check-ins in a second become at most two refetches of the
 * roster (the first at once, the rest coalesced at the end of the window), and a refetch keeps
 * the objects of unchanged rows, so the memoised rows that did not change do not re-render.
 */
describe("the live roster under a burst of pushes", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refetches at most twice for 500 updates in one second", () => {
    const client = new QueryClient();
    const key = rosterKey("c0ffee00-0000-4000-8000-000000000000");
    const invalidate = vi.spyOn(client, "invalidateQueries");

    const push = new PushInvalidator(client, 1000);
    for (let i = 0; i < 500; i++) {
      push.event({ seq: i, type: "attendance.update", ids: [i], attendable: { type: "course", id: 1 } });
      vi.advanceTimersByTime(2);
    }
    vi.advanceTimersByTime(1000);
    const matching = invalidate.mock.calls.filter(([filters]) => {
      const predicate = (filters as { predicate?: (q: { queryKey: readonly unknown[] }) => boolean }).predicate;
      return predicate?.({ queryKey: key });
    });
    expect(matching.length).toBeGreaterThanOrEqual(1);
    expect(matching.length).toBeLessThanOrEqual(2);
    push.dispose();
  });

  it("keeps unchanged rows as the same objects across a refetch", () => {
    const row = (id: number, status: number | null) => ({
      attendance_id: status === null ? null : id,
      status,
      enter: null,
      student: { id, first_name: `S${id}`, last_name: "X" },
    });
    const before = { rows: Array.from({ length: 500 }, (_, i) => row(i, null)) };
    const after = { rows: Array.from({ length: 500 }, (_, i) => row(i, i === 42 ? 1 : null)) };
    const shared = replaceEqualDeep(before, after);
    expect(shared.rows[42]).not.toBe(before.rows[42]);
    expect(shared.rows[42]?.status).toBe(1);
    const same = shared.rows.filter((r, i) => r === before.rows[i]).length;
    expect(same).toBe(499);
  });
});
