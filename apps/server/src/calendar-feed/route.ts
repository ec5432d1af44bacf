import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Scoped } from "../access/scoped.ts";
import { viewerFrom } from "../access/viewer.ts";
import { sha256 } from "../auth/tokens.ts";
import { users } from "../db/schema/index.ts";
import type { Services } from "../services.ts";
import { courseFeed } from "./feed.ts";
import { isCurrentSecret } from "./token.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/v2/calendar/:secret/courses/:uuid.ics: a course's sessions for calendar apps, which
 * send no bearer token: the secret in the URL is the user's (calendar-feed/token.ts). The feed
 * shows only a course that user may see now; an unknown or old secret, an unseen or unknown
 * course: 404, the same answer for each.
 */
export async function calendarFeedRoutes(app: FastifyInstance, { s }: { s: Services }) {
  app.get<{ Params: { secret: string; file: string } }>(
    "/api/v2/calendar/:secret/courses/:file",
    async (request, reply) => {
      const notFound = () => reply.code(404).send({ message: "Calendar not found" });
      const { secret, file } = request.params;
      const uuid = file.endsWith(".ics") ? file.slice(0, -4) : "";
      if (!UUID.test(uuid) || secret.length > 100) return notFound();
      const [user] = await s.db
        .select()
        .from(users)
        .where(and(eq(users.calendar_token_hash, sha256(secret)), isNull(users.deleted_at), eq(users.active, true)));
      if (!user || !isCurrentSecret(user, secret)) return notFound();
      const viewer = await viewerFrom(s.db, { user, kind: "access", tokenId: 0, impersonatorId: null });
      const body = await courseFeed(new Scoped(s, viewer), uuid.toLowerCase());
      if (body === null) return notFound();
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", `inline; filename="${uuid}.ics"`)
        .header("cache-control", "private, max-age=300")
        .send(body);
    },
  );
}
