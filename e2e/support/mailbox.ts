import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { CaughtMail } from "./mail-message.ts";

export type { CaughtMail };

export interface MailQuery {
  to: string;
  subject?: RegExp;
  /** Only mails received at or after this epoch ms (default: any). */
  since?: number;
  timeoutMs?: number;
}

/** The test side of the fake SMTP server: reads the mails it caught. */
export class Mailbox {
  constructor(private readonly dir: string) {}

  async all(): Promise<CaughtMail[]> {
    const files = (await readdir(this.dir)).filter((f) => f.endsWith(".json")).sort();
    return Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(this.dir, f), "utf8")) as CaughtMail),
    );
  }

  /** The newest mail matching the query, waiting for it to arrive. */
  async waitFor({ to, subject, since = 0, timeoutMs = 10_000 }: MailQuery): Promise<CaughtMail> {
    const address = to.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hits = (await this.all()).filter(
        (m) => m.to.includes(address) && m.receivedAt >= since && (!subject || subject.test(m.subject)),
      );
      const last = hits.at(-1);
      if (last) return last;
      if (Date.now() > deadline) {
        throw new Error(`No mail to ${to}${subject ? ` with a subject like ${subject}` : ""} within ${timeoutMs} ms`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The first absolute link in a mail whose path matches, e.g. /\/ResetPassword\/[\w-]+/. */
export function linkIn(mail: CaughtMail, pathPattern: RegExp): string {
  for (const candidate of mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []) {
    if (pathPattern.test(new URL(candidate).pathname)) return candidate;
  }
  throw new Error(`No link like ${pathPattern} in the mail "${mail.subject}":\n${mail.text}`);
}
