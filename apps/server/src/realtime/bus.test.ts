import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createMemoryBus } from "./bus-memory.ts";
import { createRedisBus } from "./bus-redis.ts";
import { decodePush } from "./codec.ts";
import type { BusMessage, PushMessage } from "./messages.ts";
import { ReplayLog } from "./replay-log.ts";

/** A logger that keeps what it was told, to check failures are logged rather than thrown. */
function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, msg: String(args.find((a) => typeof a === "string") ?? "") });
    };
  const log = {
    level: "info",
    fatal: at("fatal"),
    error: at("error"),
    warn: at("warn"),
    info: at("info"),
    debug: at("debug"),
    trace: at("trace"),
    silent: () => {},
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const msg = (id: number): PushMessage => ({ type: "student.update", school_id: 1, ids: [id] });

describe("push message codec", () => {
  it("keeps a well-formed message and only its known fields", () => {
    expect(
      decodePush({
        type: "attendance.update",
        school_id: 2,
        ids: [3],
        student_ids: [4],
        attendable: { type: "course", id: 5 },
        x: 1,
      }),
    ).toEqual({
      type: "attendance.update",
      school_id: 2,
      ids: [3],
      student_ids: [4],
      attendable: { type: "course", id: 5 },
    });
  });

  it("keeps the users a course, event, team or student message names (staff just unassigned)", () => {
    const m = { type: "course.update", school_id: 2, ids: [3], user_ids: [4, 5] };
    expect(decodePush(m)).toEqual(m);
    const st = { type: "student.update", school_id: 2, ids: [3], student_ids: [3], user_ids: [4] };
    expect(decodePush(st)).toEqual(st);
  });

  it("drops named users from the kinds that never name any", () => {
    const m = { type: "attendance.update", school_id: 2, ids: [3], student_ids: [4], user_ids: [5] };
    expect(decodePush(m)).toEqual({ type: "attendance.update", school_id: 2, ids: [3], student_ids: [4] });
  });

  it.each([
    ["an unknown type", { type: "user.update", school_id: 1, ids: [] }],
    ["named users that are not positive integers", { type: "team.update", school_id: 1, ids: [1], user_ids: [0] }],
    ["a missing school", { type: "student.update", ids: [1] }],
    ["ids that are not positive integers", { type: "student.update", school_id: 1, ids: [1.5] }],
    ["a task without its user", { type: "task.update", school_id: 1, ids: [1] }],
    ["a bad attendable", { type: "attendance.update", school_id: 1, ids: [1], attendable: { type: "team", id: 1 } }],
    ["not an object", "student.update"],
  ])("refuses %s", (_what, value) => {
    expect(decodePush(value)).toBeNull();
  });
});

describe("in-process bus", () => {
  it("delivers to every subscriber, in order, after the publisher has returned", async () => {
    const { log } = recordingLog();
    const bus = createMemoryBus(log);
    const got: number[] = [];
    bus.subscribe((m) => got.push(m.ids[0] as number));
    await bus.publish(msg(1));
    await bus.publish(msg(2));
    expect(got).toEqual([]); // not inside the publisher's call
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([1, 2]);
  });

  it("never throws into the publisher: a failing listener and a malformed message are logged", async () => {
    const { log, lines } = recordingLog();
    const bus = createMemoryBus(log);
    const got: number[] = [];
    bus.subscribe(() => {
      throw new Error("listener broke");
    });
    bus.subscribe((m) => got.push(m.ids[0] as number));
    await expect(bus.publish(msg(1))).resolves.toBeUndefined();
    await expect(bus.publish({ type: "nope" } as unknown as PushMessage)).resolves.toBeUndefined();
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([1]);
    expect(lines.map((l) => l.msg)).toEqual(["push: refused a malformed message", "push: a listener failed"]);
  });

  it("stops delivering after unsubscribe and after close", async () => {
    const bus = createMemoryBus(recordingLog().log);
    const got: number[] = [];
    const off = bus.subscribe((m) => got.push(m.ids[0] as number));
    await bus.publish(msg(1));
    await new Promise((r) => setImmediate(r));
    off();
    await bus.publish(msg(2));
    await bus.close();
    await bus.publish(msg(3));
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([1]);
  });
});

describe("Redis bus", () => {
  it("does not throw or block the publisher when Redis is unreachable, and logs", async () => {
    const { log, lines } = recordingLog();
    // nothing listens on port 1
    const bus = createRedisBus("redis://127.0.0.1:1", "rollbook:push:unreachable", log);
    await expect(bus.publish(msg(1))).resolves.toBeUndefined();
    await bus.ready(200);
    expect(lines.some((l) => l.level === "warn" && /not subscribed after 200 ms/.test(l.msg))).toBe(true);
    await bus.close();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    "carries messages between two buses on one channel (needs TEST_REDIS_URL)",
    async () => {
      const channel = `rollbook:push:test:${process.pid}:${Date.now()}`;
      const a = createRedisBus(process.env.TEST_REDIS_URL as string, channel, recordingLog().log);
      const b = createRedisBus(process.env.TEST_REDIS_URL as string, channel, recordingLog().log);
      const other = createRedisBus(process.env.TEST_REDIS_URL as string, `${channel}:other`, recordingLog().log);
      try {
        await Promise.all([a.ready(), b.ready(), other.ready()]);
        const onB: BusMessage[] = [];
        const onOther: BusMessage[] = [];
        const arrived = new Promise<void>((resolve) =>
          b.subscribe((m) => {
            onB.push(m);
            if (onB.length === 2) resolve();
          }),
        );
        other.subscribe((m) => onOther.push(m));
        await a.publish(msg(1));
        await a.publish({ type: "task.update", school_id: 1, ids: [2], user_id: 3 });
        await arrived;
        expect(onB).toEqual([msg(1), { type: "task.update", school_id: 1, ids: [2], user_id: 3 }]);
        expect(onOther).toEqual([]);
      } finally {
        await Promise.all([a.close(), b.close(), other.close()]);
      }
    },
  );
});

describe("replay log", () => {
  it("answers what came after a seq, or null when it cannot know", () => {
    const log = new ReplayLog(3, 1000);
    for (let seq = 1; seq <= 5; seq += 1) log.add(seq, msg(seq), 0);
    // holds 3..5 only
    expect(log.after(2, 5, 0)?.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(log.after(4, 5, 0)?.map((e) => e.seq)).toEqual([5]);
    expect(log.after(5, 5, 0)).toEqual([]);
    expect(log.after(1, 5, 0)).toBeNull(); // 2 fell out
    expect(log.after(6, 5, 0)).toBeNull(); // never given
    expect(log.after(-1, 5, 0)).toBeNull();
    expect(log.after(2, 5, 2000)).toBeNull(); // too old
  });

  it("refuses a resume from before a gap on the bus", () => {
    const log = new ReplayLog();
    log.add(1, msg(1), 0);
    log.add(2, msg(2), 0);
    log.breakAt(2);
    log.add(3, msg(3), 0);
    expect(log.after(1, 3, 0)).toBeNull();
    expect(log.after(2, 3, 0)).toBeNull();
    expect(log.after(3, 3, 0)).toEqual([]);
  });
});
