import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { AfterAnswer } from "./http/after-answer.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { SmsProvider } from "./notifications/sms.ts";
import type { Bus } from "./realtime/messages.ts";

/** What routes and resolvers need, built once per app. */
export interface Services {
  db: Db;
  dbKind: "pglite" | "postgres";
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Base URL for links in mail. */
  publicUrl: string;
  /** Work a route does after its answer (http/after-answer.ts, decision 0414). */
  afterAnswer: AfterAnswer;
  /** Push fan-out to staff browsers (in-process, or Redis between processes). */
  bus: Bus;
  /** Text-message gateway; unset: texts wait in sms_outbox (notifications/sms.ts) */
  sms?: SmsProvider;
  /** Signed-in push connections of this process (set once the push channel is up). */
  pushClients?: () => number;
}
