import { type TechnicalStatus, technicalStatus } from "../../technical/status.ts";
import { builder } from "../builder.ts";

const DatabaseRef = builder.objectRef<TechnicalStatus["database"]>("TechnicalDatabase").implement({
  fields: (t) => ({
    kind: t.exposeString("kind", { description: "pglite (embedded) or postgres" }),
    ok: t.exposeBoolean("ok"),
    latency_ms: t.exposeFloat("latency_ms", { nullable: true, description: "one round trip, as measured now" }),
    server_version: t.exposeString("server_version", { nullable: true }),
  }),
});

const MailRef = builder.objectRef<TechnicalStatus["mail"]>("TechnicalMail").implement({
  fields: (t) => ({
    configured: t.exposeBoolean("configured", { description: "SMTP_URL is set: mail is relayed" }),
    waiting: t.exposeInt("waiting", { description: "mails in the outbox not sent yet" }),
    failing: t.exposeInt("failing", { description: "waiting mails that failed at least once" }),
    sent_last_day: t.exposeInt("sent_last_day"),
    last_error: t.exposeString("last_error", { nullable: true, description: "addresses masked" }),
  }),
});

const PushRef = builder.objectRef<TechnicalStatus["push"]>("TechnicalPush").implement({
  fields: (t) => ({
    transport: t.exposeString("transport", { description: "in-process, or redis between processes" }),
    clients: t.exposeInt("clients", { description: "signed-in browsers connected to this process" }),
  }),
});

const TechnicalRef = builder.objectRef<TechnicalStatus>("Technical").implement({
  description: "The installation's health for the Technical tab of /Settings.",
  fields: (t) => ({
    version: t.exposeString("version"),
    node_version: t.exposeString("node_version"),
    device_api_url: t.exposeString("device_api_url"),
    checkin_url: t.exposeString("checkin_url", { description: "the check-in app's address (its QR code)" }),
    database: t.field({ type: DatabaseRef, resolve: (r) => r.database }),
    mail: t.field({ type: MailRef, resolve: (r) => r.mail }),
    push: t.field({ type: PushRef, resolve: (r) => r.push }),
  }),
});

builder.queryField("technical", (t) =>
  t.field({
    type: TechnicalRef,
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => technicalStatus(ctx.data),
  }),
);
