/**
 * Properties over the push WebSocket: frames before auth, garbage, pings (bursts
 * included), oversized frames, bad and good tokens. Each socket must end with a
 * close frame (a code other than 1006, "closed without one") or stay open and useful.
 */
import fc from "fast-check";
import WebSocket from "ws";
import { oddJson, oddString } from "./hostile.ts";
import type { Lane } from "./lanes.ts";
import { type FuzzTarget, MAX_ANSWER_MS } from "./target.ts";

/** The fuzz server closes unauthenticated sockets this fast, so each case settles quickly. */
export const PUSH_AUTH_TIMEOUT_MS = 300;

type Frame =
  | { kind: "ping"; count: number; size: number }
  | { kind: "text"; data: string }
  | { kind: "binary"; size: number }
  | { kind: "auth"; token: "valid" | "bad" };

const frame: fc.Arbitrary<Frame> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("ping" as const),
      count: fc.constantFrom(1, 5, 75, 200, 1000),
      size: fc.constantFrom(0, 10, 125),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("text" as const),
      data: fc.oneof(
        oddJson.map((v) => JSON.stringify(v) ?? "null"),
        oddString,
        fc.constantFrom(
          '{"type":"ping"}',
          '{"type":"auth"}',
          '{"type":"auth","token":""}',
          '{"type":"auth","token":1}',
          "x".repeat(4097),
        ),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("binary" as const), size: fc.constantFrom(1, 4096, 4097, 100_000) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("auth" as const),
      token: fc.constantFrom("valid" as const, "bad" as const),
    }),
  },
);

interface Outcome {
  opened: boolean;
  closeCode: number | null;
  /** the HTTP status when the upgrade was refused */
  status: number | null;
  messages: string[];
}

export function pushLanes(t: FuzzTarget, staffToken: () => Promise<string>, runs: (n: number) => number): Lane[] {
  const wsUrl = `${t.url.replace(/^http/, "ws")}/api/v2/push`;
  return [
    {
      name: "WebSocket /api/v2/push",
      runs: runs(300),
      property: fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 5 }), async (frames) => {
        t.requests++;
        const token = await staffToken();
        const ws = new WebSocket(wsUrl);
        const out: Outcome = { opened: false, closeCode: null, status: null, messages: [] };
        ws.on("message", (d) => out.messages.push(d.toString().slice(0, 100)));
        ws.on("unexpected-response", (_req, res) => {
          out.status = res.statusCode ?? 0;
          ws.terminate();
        });
        ws.on("error", () => {});
        const closed = new Promise<void>((resolve) =>
          ws.once("close", (code) => {
            out.closeCode = code;
            resolve();
          }),
        );
        const opened = await Promise.race([
          new Promise<boolean>((resolve) => ws.once("open", () => resolve(true))),
          closed.then(() => false),
        ]);
        out.opened = opened;
        const request = `frames ${JSON.stringify(frames).slice(0, 250)}`;
        if (!opened) {
          ws.terminate();
          t.fail("push", `upgrade refused (status ${out.status}, close ${out.closeCode})`, request);
        }
        for (const f of frames) {
          if (ws.readyState !== WebSocket.OPEN) break;
          if (f.kind === "ping") for (let i = 0; i < f.count; i++) ws.ping(Buffer.alloc(f.size, 1));
          else if (f.kind === "text") ws.send(f.data);
          else if (f.kind === "binary") ws.send(Buffer.alloc(f.size, 7));
          else ws.send(JSON.stringify({ type: "auth", token: f.token === "valid" ? token : "not-a-token" }));
        }
        // every socket settles: ready after a valid auth, else a close frame once the (short,
        // see api.fuzz.ts) auth timeout has passed; 1006 means the TCP connection was cut
        const ready = new Promise<string>((resolve) =>
          ws.on("message", (d) => {
            if (d.toString().includes('"ready"')) resolve("ready");
          }),
        );
        const settled = await Promise.race([
          closed.then(() => "closed"),
          ready,
          new Promise<string>((resolve) => setTimeout(() => resolve("silent"), PUSH_AUTH_TIMEOUT_MS + MAX_ANSWER_MS)),
        ]);
        ws.terminate();
        if (settled === "closed" && out.closeCode === 1006)
          t.fail("push", "connection dropped without a close frame", request);
        if (settled === "silent") t.fail("push", "neither ready nor closed in time", request);
      }),
    },
  ];
}
