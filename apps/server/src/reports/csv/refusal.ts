import type { FastifyReply } from "fastify";
import { GraphQLError } from "graphql";

/**
 * 400 in the shape of every REST validation error: the field is the key of `errors` and the
 * start of `message`, and the problem under it does not repeat it
 * (`{ message: "end_date is required", errors: { end_date: ["is required"] } }`).
 */
export const badRequest = (reply: FastifyReply, field: string, problem: string) =>
  reply.code(400).send({ message: `${field} ${problem}`, errors: { [field]: [problem] } });

/** Same answer for a report that does not exist and one the viewer may not open. */
export const notFound = (reply: FastifyReply) => reply.code(404).send({ message: "Report not found" });

/**
 * A report's checks are shared with its GraphQL call, whose messages name the field
 * ("end_date must not be before start_date", "classes: ..."): the problem is the text after it.
 */
export function problemOf(message: string, field: string): string {
  for (const lead of [`${field}: `, `${field} `]) if (message.startsWith(lead)) return message.slice(lead.length);
  return message;
}

/** A GraphQL userError or notFound thrown by a report's checks, as its HTTP answer; null for anything else. */
export function refusal(reply: FastifyReply, e: unknown): FastifyReply | null {
  if (!(e instanceof GraphQLError)) return null;
  const code = e.extensions?.code;
  if (code === "NOT_FOUND") return reply.code(404).send({ message: e.message });
  if (code === "BAD_USER_INPUT") {
    const field = typeof e.extensions?.field === "string" ? e.extensions.field : "query";
    return badRequest(reply, field, problemOf(e.message, field));
  }
  if (code === "FORBIDDEN") return notFound(reply);
  return null;
}
