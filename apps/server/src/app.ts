import Fastify, { type FastifyInstance } from "fastify";
import helmet from "helmet";
import { authRoutes } from "./auth/routes.ts";
import { calendarFeedRoutes } from "./calendar-feed/route.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { deviceRoutes } from "./device/routes.ts";
import { startFinaliser } from "./engine/finalise/run.ts";
import { exportRoutes } from "./export/routes.ts";
import { graphqlRoute } from "./graphql/route.ts";
import { afterAnswer } from "./http/after-answer.ts";
import { frameworkError, installErrorHandler, MAX_PATH_PART } from "./http/errors.ts";
import { parseJsonBodies } from "./http/json-body.ts";
import { REDACTED, SECRET_HEADER_PATHS, serializeRequest } from "./http/log-redaction.ts";
import { serveWeb } from "./http/web.ts";
import { requireXhrMarker } from "./http/xhr-marker.ts";
import { importRoutes } from "./imports/upload.ts";
import { createMailer } from "./mail/mailer.ts";
import { pindropsSettled } from "./notifications/pindrop.ts";
import { createBus } from "./realtime/bus.ts";
import { registerPush } from "./realtime/push-route.ts";
import { reportExportRoutes } from "./reports/csv/routes.ts";
import type { Services } from "./services.ts";
import { signupRoutes } from "./signup/routes.ts";

export interface AppOptions {
  config: Config;
  database: Database;
  /** Directory of the built web app; omitted in API-only tests. */
  webDist?: string | null;
  logger?: boolean;
  /** Where the log lines go (tests read them); stdout when omitted. */
  logStream?: { write(line: string): void };
}

/** Builds the whole server; tests build it too, against a real database. */
export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    // no secret of a URL (calendar feed, reset and invitation links, signup token) or header
    // (Authorization, Cookie) reaches the log: http/log-redaction.ts
    logger:
      opts.logger === false
        ? false
        : {
            level: opts.config.LOG_LEVEL,
            serializers: { req: serializeRequest },
            redact: { paths: SECRET_HEADER_PATHS, censor: REDACTED },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
    routerOptions: { maxParamLength: MAX_PATH_PART },
    // a hop count trusts that many proxies in front of us
    trustProxy:
      typeof opts.config.TRUST_PROXY === "number"
        ? (
            (n: number) => (_addr: string, hop: number) =>
              hop < n
          )(opts.config.TRUST_PROXY)
        : opts.config.TRUST_PROXY,
  });
  const bus = createBus(opts.config, app.log);
  const publicUrl = opts.config.PUBLIC_URL ?? `http://localhost:${opts.config.PORT}`;
  const services: Services = {
    db: opts.database.db,
    dbKind: opts.database.kind,
    config: opts.config,
    log: app.log,
    mailer: createMailer(opts.database.db, app.log, opts.config),
    publicUrl,
    bus,
    afterAnswer: afterAnswer(app.log),
  };
  installErrorHandler(app);
  parseJsonBodies(app);
  // helmet's middleware built once: @fastify/helmet built it again on every request, parsing the
  // policy each time (about 3% of a ping's server CPU, decision 0563); the headers are the same
  const securityHeaders = helmet({
    // the SPA loads its own scripts and styles only; Mantine injects style tags
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  requireXhrMarker(app);
  // Fastify runs the app's onClose hooks last added first, so they are added in the reverse of
  // the order they run: work after an answer and a finaliser run in progress still queue mail and
  // publish what they did, so they finish before the mailer stops and the bus closes
  const stopFinaliser = startFinaliser(services, opts.config.FINALISE_INTERVAL_MS);
  app.addHook("onClose", () => bus.close());
  app.addHook("onClose", () => services.mailer.close());
  app.addHook("onClose", () => stopFinaliser());
  app.addHook("onClose", () => services.afterAnswer.settled());
  // pindrops gathered from the last pings (notifications/pindrop.ts) are claimed and queued
  app.addHook("onClose", () => pindropsSettled(services));
  await registerPush(app, { s: services, bus });
  await app.register(authRoutes, { s: services });
  await app.register(graphqlRoute, { s: services });
  await app.register(deviceRoutes, { s: services });
  await app.register(exportRoutes, { s: services });
  await app.register(reportExportRoutes, { s: services });
  await app.register(calendarFeedRoutes, { s: services });
  await app.register(signupRoutes, { s: services });
  await app.register(importRoutes, { s: services });
  app.get("/api/health", async () => ({ ok: true, database: services.dbKind }));
  if (opts.webDist) await serveWeb(app, opts.webDist);
  return { app, services };
}
