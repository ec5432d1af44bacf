import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createYoga } from "graphql-yoga";
import { requestScope } from "../access/request-scope.ts";
import { type Viewer, viewerFrom } from "../access/viewer.ts";
import { bearer, resolveToken } from "../auth/tokens.ts";
import type { Services } from "../services.ts";
import type { Context } from "./context.ts";
import { documentLimits } from "./limits.ts";
import { refuseBadParams, refuseOverUserLimit } from "./request-guards.ts";
import { buildSchema } from "./schema.ts";
import { useVariableErrorCodes } from "./variable-errors.ts";

interface ServerCtx {
  req: FastifyRequest;
  reply: FastifyReply;
  viewer: Viewer;
}

/** POST /graphql/query: Yoga behind a token check; no valid token is HTTP 401. */
export async function graphqlRoute(app: FastifyInstance, { s }: { s: Services }) {
  const yoga = createYoga<ServerCtx, Context>({
    schema: buildSchema(),
    graphqlEndpoint: "/graphql/query",
    graphiql: false,
    landingPage: false,
    // internal errors reach the client as "Unexpected error."; GraphQLErrors we raise pass through
    maskedErrors: true,
    plugins: [...documentLimits(s.config.NODE_ENV === "production"), useVariableErrorCodes()],
    logging: {
      debug: (...a) => app.log.debug(a),
      info: (...a) => app.log.info(a),
      warn: (...a) => app.log.warn(a),
      error: (...a) => app.log.error(a),
    },
    context: ({ viewer }) => requestScope(s, viewer),
  });

  app.route({
    url: "/graphql/query",
    method: ["POST", "GET", "OPTIONS"],
    handler: async (req, reply) => {
      const raw = bearer(req.headers.authorization);
      const token = raw ? await resolveToken(s.db, raw) : null;
      if (!token) {
        return reply
          .code(401)
          .send({ errors: [{ message: "Unauthenticated", extensions: { code: "UNAUTHENTICATED" } }] });
      }
      if (await refuseOverUserLimit(s, token.user.id, reply)) return reply;
      if (refuseBadParams(req, reply)) return reply;
      const viewer = await viewerFrom(s.db, token);
      // answer as application/graphql-response+json, so a request error (unparsable, unknown
      // field, bad variables) is HTTP 400 rather than 200 (decision 0120)
      if (!req.headers.accept?.includes("application/graphql-response+json"))
        req.headers.accept = "application/graphql-response+json, application/json;q=0.9";
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply, viewer });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
