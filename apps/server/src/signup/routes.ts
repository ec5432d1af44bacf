import {
  dropUntil,
  isOpenForSignup,
  localTimeText,
  SIGNUP_NOT_OPEN,
  SIGNUP_REQUEST_ANSWER,
  seatsLeft,
  signupIdentifierProblem,
  timeOfDay,
} from "@rollbook/domain";
import { eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { locations, studentEvent, students } from "../db/schema/index.ts";
import { findNul, NUL_MESSAGE } from "../http/no-nul.ts";
import { closeLimitsOnClose, limitsOf, take } from "../rate-limit/limits.ts";
import { sendRateLimited } from "../rate-limit/refusal.ts";
import type { Services } from "../services.ts";
import { type EventRow, eventWithZone, signupStatus, studentOfToken } from "./lookup.ts";
import { publishSignup } from "./publish.ts";
import { mailSignupLink } from "./request.ts";
import { join, leave } from "./seats.ts";

const BAD_LINK = { message: "This signup link is invalid or expired. Ask for a new one." };

type Req = FastifyRequest<{ Params: { uuid: string }; Querystring: { token?: string }; Body: Record<string, unknown> }>;

/**
 * The public event signup (decision 0700, "Events and signup"): no token, guests. Every event
 * that is not open (private, past, removed, unknown, malformed) answers the same 404, and a
 * signup request answers the same 202 whoever it names. The writes are rate-limited per address
 * like the password routes; the XHR marker applies as to every REST write.
 */
export async function signupRoutes(app: FastifyInstance, { s }: { s: Services }) {
  const { db } = s;
  const limited = {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const ms = await take(limitsOf(s).authAddress, request.ip);
      if (ms !== null) return sendRateLimited(reply, ms, "Too many requests from this address.");
    },
  };
  closeLimitsOnClose(app, s);
  app.addHook("preValidation", async (request, reply) => {
    const at = findNul(request.body);
    if (at !== null) {
      const field = at || "body";
      return reply.code(400).send({ message: `${field} ${NUL_MESSAGE}`, errors: { [field]: [NUL_MESSAGE] } });
    }
  });

  /** The event when open for signup, else the 404 already sent. */
  async function openEvent(request: Req, reply: FastifyReply): Promise<{ event: EventRow; tz: string } | null> {
    const found = await eventWithZone(db, request.params.uuid);
    if (!found || !isOpenForSignup(found.event, found.tz, new Date())) {
      await reply.code(404).send({ message: SIGNUP_NOT_OPEN });
      return null;
    }
    return found;
  }

  /** Joining and dropping close drop_cutoff minutes before the start (field drop_cutoff). */
  function cutoffPassed(reply: FastifyReply, event: EventRow, tz: string, what: "Signup" | "Dropping") {
    const until = dropUntil(event, tz);
    if (Date.now() < until.getTime()) return false;
    const message = `${what} closed at ${localTimeText(until, tz)}`;
    void reply.code(400).send({ message, errors: { drop_cutoff: [message] } });
    return true;
  }

  app.get("/api/v2/signup/:uuid", async (request: Req, reply) => {
    const open = await openEvent(request, reply);
    if (!open) return reply;
    const { event, tz } = open;
    const [place] = event.location_id
      ? await db.select({ name: locations.name }).from(locations).where(eq(locations.id, event.location_id))
      : [];
    const links = await db
      .select({ in_waitlist: studentEvent.in_waitlist, live: isNull(students.deleted_at) })
      .from(studentEvent)
      .innerJoin(students, eq(students.id, studentEvent.student_id))
      .where(eq(studentEvent.event_id, event.id));
    const attending = links.filter((l) => !l.in_waitlist).length;
    return {
      data: {
        uuid: event.uuid,
        title: event.title,
        description: event.description,
        date: event.date,
        start_time: timeOfDay(event.start_time),
        end_time: timeOfDay(event.end_time),
        timezone: tz,
        location: place?.name ?? null,
        seats_left: seatsLeft(event.capacity, attending),
        capacity: event.capacity,
        waitlist_count: links.filter((l) => l.in_waitlist && l.live).length,
        drop_cutoff: event.drop_cutoff,
      },
    };
  });

  app.post("/api/v2/signup/:uuid", limited, async (request: Req, reply) => {
    const identifier = request.body?.identifier;
    const problem = signupIdentifierProblem(identifier);
    if (problem) return reply.code(400).send({ message: `identifier ${problem}`, errors: { identifier: [problem] } });
    const open = await openEvent(request, reply);
    if (!open) return reply;
    if (cutoffPassed(reply, open.event, open.tz, "Signup")) return reply;
    // the same answer at the same moment whoever the identifier names: the student is looked up
    // and their link written and mailed after the answer (decision 0701)
    s.afterAnswer(reply, "signup link", () => mailSignupLink(s, open.event, identifier as string));
    return reply.code(202).send({ message: SIGNUP_REQUEST_ANSWER });
  });

  app.get("/api/v2/signup/:uuid/status", async (request: Req, reply) => {
    const found = await eventWithZone(db, request.params.uuid);
    const student = found ? await studentOfToken(db, found.event, request.query.token) : null;
    if (!found || !student) return reply.code(404).send(BAD_LINK);
    return { data: await signupStatus(db, found.event, found.tz, student.id) };
  });

  app.post("/api/v2/signup/:uuid/confirm", limited, async (request: Req, reply) => {
    const open = await openEvent(request, reply);
    if (!open) return reply;
    const { event, tz } = open;
    const student = await studentOfToken(db, event, request.body?.token);
    if (!student) return reply.code(404).send(BAD_LINK);
    const before = await signupStatus(db, event, tz, student.id);
    // idempotent: a second click answers where the student already stands
    if (before.state !== "none") return { data: before };
    if (cutoffPassed(reply, event, tz, "Signup")) return reply;
    if (await join(db, event.id, student.id)) await publishSignup(s, event, [student.id]);
    return { data: await signupStatus(db, event, tz, student.id) };
  });

  app.post("/api/v2/signup/:uuid/drop", limited, async (request: Req, reply) => {
    const open = await openEvent(request, reply);
    if (!open) return reply;
    const { event, tz } = open;
    const student = await studentOfToken(db, event, request.body?.token);
    if (!student) return reply.code(404).send(BAD_LINK);
    const before = await signupStatus(db, event, tz, student.id);
    if (before.state === "none") return { data: before };
    if (cutoffPassed(reply, event, tz, "Dropping")) return reply;
    await publishSignup(s, event, await leave(db, event.id, student.id));
    return { data: await signupStatus(db, event, tz, student.id) };
  });
}
