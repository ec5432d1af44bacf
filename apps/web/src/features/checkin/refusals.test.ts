import { describe, expect, it } from "vitest";
import { DeviceError, type Ping } from "./device-api.ts";
import { MAX_KEPT, NotSentList, outcomeOf, type Refusal, reasonsByPing } from "./refusals.ts";

const ping = (id: string, minute = 0): Ping => ({
  id,
  recorded_at: `2026-11-23T09:${String(minute).padStart(2, "0")}:00.000Z`,
  latitude: 42.65,
  longitude: -73.75,
  accuracy: 10,
  low_power: false,
  bluetooth: false,
  beacons: [],
  extra: null,
});
const batch = [ping("a", 1), ping("b", 2), ping("c", 3)];
const NOW = Date.parse("2026-11-23T09:05:00.000Z");

describe("what the outbox does with a refused batch", () => {
  it("keeps everything for retry after a network failure, a busy or broken server, or a conflict", () => {
    for (const status of [0, 408, 409, 429, 500, 503]) {
      expect(outcomeOf(new DeviceError("no", status), batch), String(status)).toEqual({ kind: "retry" });
    }
  });

  it("keeps everything and stops when the token is no longer valid", () => {
    expect(outcomeOf(new DeviceError("Unauthorized", 401), batch)).toEqual({ kind: "unauthorized" });
  });

  it("moves exactly the pings a 400 names to Not sent, with the server's reasons", () => {
    const e = new DeviceError("pings.1.accuracy must be at most 100000 metres", 400, {
      "pings.1.accuracy": ["must be at most 100000 metres"],
      "pings.2.recorded_at": ["is in the future"],
      "pings.2": ["is repeated"],
    });
    const outcome = outcomeOf(e, batch, NOW);
    expect(outcome.kind).toBe("refuse");
    const refused = outcome.kind === "refuse" ? outcome.refused : [];
    expect(refused.map((r) => [r.id, r.reason, r.status, r.refused_at])).toEqual([
      ["b", "accuracy must be at most 100000 metres", 400, NOW],
      ["c", "recorded_at is in the future; is repeated", 400, NOW],
    ]);
    expect(refused[0]?.ping).toBe(batch[1]);
    expect(refused[0]?.recorded_at).toBe(batch[1]?.recorded_at);
  });

  it("splits a batch refused as a whole by a 400 or 413, to find the bad ping", () => {
    expect(outcomeOf(new DeviceError("too many", 400, { pings: ["at most 500"] }), batch)).toEqual({ kind: "split" });
    expect(outcomeOf(new DeviceError("The request body is too large", 413), batch)).toEqual({ kind: "split" });
    // an index beyond the batch names no ping of it
    expect(outcomeOf(new DeviceError("bad", 400, { "pings.9.id": ["bad"] }), batch)).toEqual({ kind: "split" });
  });

  it("refuses a lone ping, or a batch refused for any other reason, with the server's message", () => {
    const lone = outcomeOf(new DeviceError("The request body is too large", 413), [batch[0] as Ping], NOW);
    expect(lone).toMatchObject({ kind: "refuse", refused: [{ id: "a", reason: "The request body is too large" }] });
    const forbidden = outcomeOf(new DeviceError("This phone is not your active device", 403), batch, NOW);
    expect(forbidden.kind === "refuse" && forbidden.refused.map((r) => [r.id, r.reason])).toEqual([
      ["a", "This phone is not your active device"],
      ["b", "This phone is not your active device"],
      ["c", "This phone is not your active device"],
    ]);
  });

  it("reads only the pings' own keys", () => {
    expect(reasonsByPing(batch, { body: ["nests too deep"], pingsx: ["?"], "pings.0": ["bad"] })).toEqual(
      new Map([["a", "bad"]]),
    );
  });
});

describe("the Not sent list", () => {
  const memory = () => {
    const store = new Map<string, string>();
    return {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
  };
  const refusal = (p: Ping, reason = "is in the future"): Refusal => ({
    id: p.id,
    recorded_at: p.recorded_at,
    reason,
    status: 400,
    refused_at: NOW,
    ping: p,
  });

  it("keeps refusals newest first across reloads until each is dismissed", () => {
    const storage = memory();
    const list = new NotSentList(storage);
    let changes = 0;
    list.subscribe(() => changes++);
    list.add([refusal(ping("a", 1))]);
    list.add([refusal(ping("c", 3)), refusal(ping("b", 2))]);
    expect(list.getSnapshot().map((r) => r.id)).toEqual(["c", "b", "a"]);
    expect(changes).toBe(2);
    // the same ping refused again is listed once, with the latest reason
    list.add([refusal(ping("a", 1), "again")]);
    expect(list.getSnapshot().map((r) => [r.id, r.reason])).toEqual([
      ["a", "again"],
      ["c", "is in the future"],
      ["b", "is in the future"],
    ]);
    const reloaded = new NotSentList(storage);
    expect(reloaded.getSnapshot().map((r) => r.id)).toEqual(["a", "c", "b"]);
    reloaded.dismiss("c");
    expect(new NotSentList(storage).getSnapshot().map((r) => r.id)).toEqual(["a", "b"]);
    reloaded.clear();
    expect(new NotSentList(storage).getSnapshot()).toEqual([]);
  });

  it("keeps the newest MAX_KEPT", () => {
    const list = new NotSentList(memory());
    list.add(
      Array.from({ length: MAX_KEPT + 3 }, (_, i) =>
        refusal({ ...ping(`p${i}`), recorded_at: new Date(NOW + i).toISOString() }),
      ),
    );
    expect(list.getSnapshot()).toHaveLength(MAX_KEPT);
    expect(list.getSnapshot()[0]?.id).toBe(`p${MAX_KEPT + 2}`);
    expect(list.getSnapshot().some((r) => r.id === "p0")).toBe(false);
  });

  it("starts empty from junk in storage", () => {
    expect(new NotSentList({ getItem: () => "{", setItem: () => {}, removeItem: () => {} }).getSnapshot()).toEqual([]);
    expect(
      new NotSentList({ getItem: () => '[{"id":1},{"id":"x","reason":"r"}]', setItem: () => {}, removeItem: () => {} })
        .getSnapshot()
        .map((r) => r.id),
    ).toEqual(["x"]);
  });
});
