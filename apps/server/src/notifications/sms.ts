import type { Db } from "../db/client.ts";
import { smsOutbox } from "../db/schema/index.ts";
import type { Services } from "../services.ts";

/** The edge to a text-message gateway (decision 0900). */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

export interface Sms {
  to: string;
  text: string;
}

/** The default: no gateway is configured, so each text waits in sms_outbox (the Technical tab can show it). */
export function outboxSms(db: Db): SmsProvider {
  return {
    async send(to, text) {
      await db.insert(smsOutbox).values({ to, text });
    },
  };
}

/** The app's provider: the one set on the services (a gateway, or a test's fake), else the outbox. */
export const smsOf = (s: Pick<Services, "db" | "sms">): SmsProvider => s.sms ?? outboxSms(s.db);

/** Whether this user's alerts go by text message instead of e-mail: prefers_sms and a phone number. */
export const textsInstead = (u: { prefers_sms: boolean; phone_number: string | null }) =>
  u.prefers_sms && (u.phone_number ?? "").trim() !== "";

/** Sends texts after the commit that decided them; a failure is logged, never retried twice over. */
export async function sendTexts(s: Pick<Services, "db" | "sms" | "log">, texts: readonly Sms[]) {
  const provider = smsOf(s);
  for (const t of texts) {
    try {
      await provider.send(t.to, t.text);
    } catch (err) {
      s.log.error({ err }, "text message failed");
    }
  }
}
