import { describe, expect, it } from "vitest";
import { PingQueue } from "./ping-queue.ts";

interface J {
  student: { id: number };
  batch: readonly unknown[];
  tag: string;
}
const job = (id: number, tag: string, pings = 1): J => ({ student: { id }, batch: Array(pings).fill(0), tag });

/** One turn of the event loop: a group starts once the requests already read have joined it. */
const turn = () => new Promise((r) => setTimeout(r, 0));

/** A queue whose groups are recorded and held until `release` is called for each. */
function recorded(inFlight: number) {
  const groups: string[][] = [];
  const gates: (() => void)[] = [];
  const q = new PingQueue<J, string>(async (jobs) => {
    groups.push(jobs.map((j) => j.tag));
    await new Promise<void>((r) => gates.push(r));
    return jobs.map((j) =>
      j.tag === "bad" ? { status: "rejected", reason: new Error("bad") } : { status: "fulfilled", value: j.tag },
    );
  }, inFlight);
  const release = async () => {
    gates.shift()?.();
    await turn();
  };
  return { q, groups, release };
}

describe("the ping queue (group commit)", () => {
  it("runs a lone request at once, and groups what arrives while groups run", async () => {
    const { q, groups, release } = recorded(1);
    const a = q.submit(job(1, "a"));
    expect(groups, "not before the requests already read have joined").toEqual([]);
    await turn();
    expect(groups).toEqual([["a"]]);
    const rest = [q.submit(job(2, "b")), q.submit(job(3, "c")), q.submit(job(4, "d"))];
    await turn();
    expect(groups).toHaveLength(1);
    await release();
    expect(groups).toEqual([["a"], ["b", "c", "d"]]);
    await release();
    expect(await Promise.all([a, ...rest])).toEqual(["a", "b", "c", "d"]);
  });

  it("runs as many groups at once as it is allowed", async () => {
    const { q, groups, release } = recorded(2);
    q.submit(job(1, "a"));
    await turn();
    q.submit(job(2, "b"));
    await turn();
    q.submit(job(3, "c"));
    await turn();
    expect(groups).toEqual([["a"], ["b"]]);
    await release();
    expect(groups).toEqual([["a"], ["b"], ["c"]]);
  });

  it("never puts one student in two running groups, and keeps a student's requests in order", async () => {
    const { q, groups, release } = recorded(2);
    const first = q.submit(job(7, "first"));
    const second = q.submit(job(7, "second"));
    const other = q.submit(job(8, "other"));
    await turn();
    // one group of the two students; the second request waits for the first's group although a
    // second group could start
    expect(groups).toEqual([["first", "other"]]);
    await turn();
    expect(groups).toHaveLength(1);
    await release();
    expect(groups).toEqual([["first", "other"], ["second"]]);
    await release();
    expect(await Promise.all([first, second, other])).toEqual(["first", "second", "other"]);
  });

  it("answers each request with its own result: one failure fails only its request", async () => {
    const { q, release } = recorded(1);
    const a = q.submit(job(1, "a"));
    await turn();
    const bad = q.submit(job(2, "bad"));
    // handled now: the rejection lands before the expectation below is attached
    const badResult = bad.catch((err: Error) => err.message);
    const c = q.submit(job(3, "c"));
    await release();
    await release();
    await expect(a).resolves.toBe("a");
    expect(await badResult).toBe("bad");
    await expect(c).resolves.toBe("c");
  });

  it("caps a group at 64 requests and 2,000 pings", async () => {
    const { q, groups, release } = recorded(1);
    q.submit(job(0, "lone"));
    await turn();
    for (let i = 1; i <= 70; i++) q.submit(job(i, `r${i}`));
    await release();
    expect(groups[1]).toHaveLength(64);
    await release();
    expect(groups[2]).toHaveLength(6);

    const big = recorded(1);
    big.q.submit(job(0, "lone"));
    await turn();
    for (let i = 1; i <= 5; i++) big.q.submit(job(i, `u${i}`, 500));
    await big.release();
    // a group takes requests until it holds 2,000 pings
    expect(big.groups[1]).toEqual(["u1", "u2", "u3", "u4"]);
    await big.release();
    expect(big.groups[2]).toEqual(["u5"]);
  });

  it("a group that throws rejects its requests and the queue goes on", async () => {
    let calls = 0;
    const q = new PingQueue<J, string>(async (jobs) => {
      calls += 1;
      if (calls === 1) throw new Error("database gone");
      return jobs.map((j) => ({ status: "fulfilled", value: j.tag }));
    }, 1);
    await expect(q.submit(job(1, "a"))).rejects.toThrow("database gone");
    await expect(q.submit(job(1, "b"))).resolves.toBe("b");
  });
});
