import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sendValidationError } from "./errors.ts";

// schemas that give no messages of their own: zod's default texts are what the formatter rewords
const body = z.object({
  name: z.string().max(5),
  code: z.string().min(3),
  title: z.string().min(1),
  pin: z.string().length(4),
  count: z.number().int().min(0).max(10),
  ratio: z.number().gt(0).lt(1),
  tags: z.array(z.string()).min(1).max(2),
  flag: z.boolean(),
  nested: z.object({ deep: z.string() }),
  kept: z.string("must be a word").max(3, "is too wordy"),
});
const query = z.object({ date: z.string(), limit: z.string().max(3) });

describe("sendValidationError: the one formatter of REST validation errors", () => {
  const app = Fastify();
  beforeAll(async () => {
    app.post("/check", async (request, reply) => {
      const input = body.safeParse(request.body ?? {});
      return input.success ? { ok: true } : sendValidationError(reply, input.error);
    });
    app.get("/check", async (request, reply) => {
      const input = query.safeParse(request.query ?? {});
      return input.success ? { ok: true } : sendValidationError(reply, input.error);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = async (payload: unknown) => {
    const res = await app.inject({ method: "POST", url: "/check", payload: payload as object });
    expect(res.statusCode).toBe(400);
    return res.json() as { message: string; errors: Record<string, string[]> };
  };

  it("words size errors as the rest of the product does, never zod's 'Too big' / 'Too small'", async () => {
    const res = await post({
      name: "toolong",
      code: "ab",
      title: "",
      pin: "12345",
      count: 11,
      ratio: 1,
      tags: ["a", "b", "c"],
      flag: true,
      nested: { deep: "x" },
      kept: "long",
    });
    expect(res.errors).toEqual({
      name: ["must be at most 5 characters"],
      code: ["must be at least 3 characters"],
      title: ["is required"],
      pin: ["must be exactly 4 characters"],
      count: ["must be at most 10"],
      ratio: ["must be less than 1"],
      tags: ["must hold at most 2 items"],
      kept: ["is too wordy"],
    });
    expect(res.message).toBe("name must be at most 5 characters");
    const small = await post({ count: -1, ratio: 0, tags: [] });
    expect(small.errors.count).toEqual(["must be at least 0"]);
    expect(small.errors.ratio).toEqual(["must be more than 0"]);
    expect(small.errors.tags).toEqual(["must hold at least 1 item"]);
  });

  it("tells a missing field from one of the wrong kind, once per field", async () => {
    const res = await post({ name: 5, code: [], title: null, count: "3", tags: "a", flag: "yes", nested: { deep: 1 } });
    expect(res.errors).toEqual({
      name: ["must be a string"],
      code: ["must be a string"],
      title: ["is required"],
      pin: ["is required"],
      count: ["must be a number"],
      ratio: ["is required"],
      tags: ["must be a list"],
      flag: ["must be true or false"],
      "nested.deep": ["must be a string"],
      kept: ["is required"],
    });
    // a schema's own message for the wrong kind is kept; a missing field is still required
    expect((await post({ kept: 7 })).errors.kept).toEqual(["must be a word"]);
    expect((await post([1, 2])).errors).toEqual({ body: ["must be a JSON object"] });
  });

  it("reads a GET's query string to tell missing from wrong", async () => {
    const res = await app.inject({ method: "GET", url: "/check?date=a&date=b&limit=1234" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ date: ["must be a string"], limit: ["must be at most 3 characters"] });
    const none = await app.inject({ method: "GET", url: "/check" });
    expect(none.json().errors).toEqual({ date: ["is required"], limit: ["is required"] });
  });
});
