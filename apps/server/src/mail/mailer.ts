import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is recorded in the outbox; with SMTP_URL it is also sent. Without
 * one, the log carries it so flows like password reset work on a fresh machine.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, smtpUrl?: string, from?: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, `mail kept in outbox:\n${mail.text}`);
        return;
      }
      try {
        await transport.sendMail({ from, ...mail });
        if (row) {
          await db.update(mailOutbox).set({ sent_at: new Date() }).where(eq(mailOutbox.id, row.id));
        }
      } catch (err) {
        log.error({ err, to: mail.to }, "mail could not be sent; kept in outbox");
      }
    },
  };
}
