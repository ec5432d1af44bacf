import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { bearer } from "../auth/tokens.ts";
import { ingestPings } from "../engine/ingest.ts";
import { engineState, forgetStudent, type StudentContext } from "../engine/state.ts";
import { studentByToken, studentByTokenCached } from "../engine/student-context.ts";
import { bodyRefusal } from "../http/body-refusal.ts";
import { sendValidationError } from "../http/errors.ts";
import type { Services } from "../services.ts";
import { ANOTHER_PHONE, DEVICE_HEADER, deviceToken, isAnotherPhone } from "./active-device.ts";
import { addDeviceLimits } from "./rate-limit.ts";
import { registerDevice } from "./register.ts";
import { scanEventCode } from "./scan.ts";
import { scheduleFor } from "./schedule.ts";
import { pingsInput, registerInput, scanInput, scheduleQuery } from "./schemas.ts";
import { signOutDevice } from "./sign-out.ts";

const UNAUTHORIZED = { message: "The personal token is missing, wrong or was reset. Sign in again with the new one." };

/**
 * The students' phones (decisions.md "Device API"): bearer personal token, JSON, no XHR marker
 * (http/xhr-marker.ts exempts /api/v2/device/). Every client mistake is a 4xx with a message.
 */
export async function deviceRoutes(app: FastifyInstance, { s }: { s: Services }) {
  // a bad body from a phone names the body like any other field error, as on every route
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return reply.code(status).send(bodyRefusal(error, request.routeOptions.bodyLimit) ?? { message: error.message });
    request.log.error({ err: error }, "device request failed");
    return reply.code(500).send({ message: "Internal server error" });
  });

  // before the body is parsed: a throttled phone or address costs no JSON parsing or database work
  addDeviceLimits(app, s);

  // every answer, refusals included, tells the phone the server's clock (decision 0320)
  app.addHook("preSerialization", async (_request, _reply, payload: unknown) =>
    payload && typeof payload === "object" && !Array.isArray(payload)
      ? { ...payload, server_time: new Date().toISOString() }
      : payload,
  );

  async function signedIn(request: FastifyRequest, reply: FastifyReply, cached = false) {
    const token = bearer(request.headers.authorization);
    const student = token ? await (cached ? studentByTokenCached(s, token) : studentByToken(s, token)) : null;
    if (!student || !token) {
      reply.code(401).send(UNAUTHORIZED);
      return null;
    }
    return { student, token };
  }

  /**
   * Pings and scans come from the student's active phone only (decision 0511). The phone's token
   * comes with the student's cached context (no read per ping); registering or releasing a phone
   * clears that cache in every process through the bus (decision 0540).
   */
  function fromActivePhone(request: FastifyRequest, reply: FastifyReply, student: StudentContext) {
    if (!isAnotherPhone({ token: student.device_token }, deviceToken(request.headers[DEVICE_HEADER]))) return true;
    reply.code(409).send({ message: ANOTHER_PHONE });
    return false;
  }

  function parse<T extends z.ZodType>(schema: T, value: unknown, reply: FastifyReply): z.output<T> | null {
    const input = schema.safeParse(value ?? {});
    if (input.success) return input.data;
    sendValidationError(reply, input.error);
    return null;
  }

  app.post("/api/v2/device/register", async (request, reply) => {
    const auth = await signedIn(request, reply);
    if (!auth) return reply;
    const input = parse(registerInput, request.body, reply);
    if (!input) return reply;
    const registered = await registerDevice(s, auth.student, input);
    if ("conflict" in registered) return reply.code(409).send({ message: registered.conflict });
    // the bound phone changed: every process reads the student afresh
    forgetStudent(s, auth.student.id);
    return { data: registered };
  });

  // the phone's own sign-out lets its student go, so a family phone moves to a sibling (decision 0511)
  app.post("/api/v2/device/sign-out", async (request, reply) => {
    const auth = await signedIn(request, reply);
    if (!auth) return reply;
    const outcome = await signOutDevice(s, auth.student, deviceToken(request.headers[DEVICE_HEADER]));
    if (outcome === "another_phone") return reply.code(409).send({ message: ANOTHER_PHONE });
    return { data: { signed_out: outcome === "signed_out" } };
  });

  app.get("/api/v2/device/schedule", async (request, reply) => {
    const auth = await signedIn(request, reply);
    if (!auth) return reply;
    const input = parse(scheduleQuery, request.query, reply);
    if (!input) return reply;
    // attendance changes by the minute: no stale copy in the phone or a proxy
    reply.header("cache-control", "no-store");
    return { data: await scheduleFor(s, auth.student, input.date) };
  });

  // 500 pings with beacons and extra can pass the app's 1 MB default
  app.post("/api/v2/device/pings", { bodyLimit: 6 * 1024 * 1024 }, async (request, reply) => {
    const auth = await signedIn(request, reply, true);
    if (!auth) return reply;
    if (!fromActivePhone(request, reply, auth.student)) return reply;
    const input = parse(pingsInput, request.body, reply);
    if (!input) return reply;
    // the statement re-checks the student's token as read (the sent one may differ in case)
    const result = await ingestPings(
      s,
      auth.student,
      auth.student.token,
      input.pings.map((p) => ({
        device_ping_id: p.id,
        recorded_at: p.recorded_at,
        latitude: p.latitude ?? null,
        longitude: p.longitude ?? null,
        accuracy: p.accuracy ?? null,
        low_power: p.low_power ?? false,
        bluetooth: p.bluetooth ?? false,
        beacons: p.beacons ?? null,
        extra: p.extra ?? null,
      })),
    );
    if (!result) {
      forgetToken(s, auth.token);
      return reply.code(401).send(UNAUTHORIZED);
    }
    return { data: result };
  });

  app.post("/api/v2/device/scan", async (request, reply) => {
    const auth = await signedIn(request, reply);
    if (!auth) return reply;
    if (!fromActivePhone(request, reply, auth.student)) return reply;
    const input = parse(scanInput, request.body, reply);
    if (!input) return reply;
    const outcome = await scanEventCode(s, auth.student, input);
    if ("error" in outcome) {
      return reply
        .code(outcome.status ?? 400)
        .send({ message: `code ${outcome.error}`, errors: { code: [outcome.error] } });
    }
    return { data: outcome };
  });

  // an unknown device path is answered here, not by the app, so it carries server_time too
  app.all("/api/v2/device/*", async (request, reply) =>
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split("?")[0]}` }),
  );
}

function forgetToken(s: Services, token: string) {
  engineState(s).byToken.delete(token);
}
