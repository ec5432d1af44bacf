import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { type Relay, startRelay } from "./relay.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** the HTML alternative; the text part is always sent too */
  html?: string;
}

export interface Mailer {
  /**
   * Writes the mail to the outbox; given the caller's transaction, it commits with it (then call
   * wake() after the commit). Delivery is the relay's job.
   */
  send(mail: Mail, tx?: Db): Promise<void>;
  /** tells the relay new mail is committed */
  wake(): void;
  close(): Promise<void>;
}

const RELAY_INTERVAL_MS = 10_000;

/**
 * The reserved `invalid` top-level domain (RFC 6761) never receives mail: a removed user whose
 * address went to another school's new user has one (users/release-address.ts, decision 0952).
 */
export function isUndeliverable(address: string): boolean {
  const domain = address
    .slice(address.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
  return domain === "invalid" || domain.endsWith(".invalid");
}

/**
 * Every mail goes to the mail_outbox table first (decision 0412). With SMTP_URL a relay delivers
 * it with retries; without one it stays there, and outside production the log shows its text
 * so a developer can follow a link. Production logs never carry a mail's text.
 */
export function createMailer(
  db: Db,
  log: FastifyBaseLogger,
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "NODE_ENV">,
): Mailer {
  let relay: Relay | null = null;
  if (config.SMTP_URL) {
    // bounded, so a silent server cannot hold a claimed row past its lease
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    relay = startRelay(db, transport, config.MAIL_FROM, log, RELAY_INTERVAL_MS);
  }
  const production = config.NODE_ENV === "production";
  return {
    async send(mail, tx) {
      if (isUndeliverable(mail.to)) {
        log.info({ subject: mail.subject }, "mail not queued: its address cannot receive mail");
        return;
      }
      const [row] = await (tx ?? db)
        .insert(mailOutbox)
        .values({ ...mail, html: mail.html ?? null })
        .returning({ id: mailOutbox.id });
      if (relay) {
        if (!tx) relay.wake();
      } else if (production) {
        log.info(
          { mail: row?.id, subject: mail.subject },
          "mail kept in the outbox, not delivered: SMTP_URL is not set",
        );
      } else {
        log.info({ to: mail.to, subject: mail.subject }, `mail kept in outbox:\n${mail.text}`);
      }
    },
    wake: () => relay?.wake(),
    close: async () => relay?.stop(),
  };
}
