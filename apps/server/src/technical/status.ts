import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";

/** The server's version, read once from its package.json (what was deployed, not the git tree). */
const VERSION: string = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;

export interface TechnicalStatus {
  version: string;
  node_version: string;
  /** The base of the device API the check-in app calls. */
  device_api_url: string;
  /** The check-in app's address: the QR code a student scans to open it. */
  checkin_url: string;
  database: { kind: "pglite" | "postgres"; ok: boolean; latency_ms: number | null; server_version: string | null };
  mail: {
    /** SMTP_URL set: mail is relayed; without it mail waits in the outbox, unsent. */
    configured: boolean;
    waiting: number;
    /** Waiting mails that have failed at least once. */
    failing: number;
    sent_last_day: number;
    /** The newest relay error, with e-mail addresses masked (the outbox is the installation's). */
    last_error: string | null;
  };
  push: { transport: "in-process" | "redis"; clients: number };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Addresses in an SMTP error ("550 <ann@school.edu> unknown") name people, not the fault. */
export const maskAddresses = (text: string) => text.replace(/[^\s<>"',;:()]+@[^\s<>"',;:()]+/g, "<address>");

/**
 * What the Technical tab shows an administrator (issue 13): how the phones reach the server,
 * whether mail leaves, the push channel and the database. Figures of the installation, not of
 * a school's rows; the caller's admin scope is checked by the GraphQL field.
 */
export async function technicalStatus(scoped: Scoped): Promise<TechnicalStatus> {
  const { db, s } = systemOf(scoped);
  const started = performance.now();
  let database: TechnicalStatus["database"];
  try {
    const [row] = rowsOf<{ v: string }>(await db.execute(sql`select current_setting('server_version') as v`));
    database = {
      kind: s.dbKind,
      ok: true,
      latency_ms: Math.round((performance.now() - started) * 10) / 10,
      server_version: row?.v ?? null,
    };
  } catch {
    database = { kind: s.dbKind, ok: false, latency_ms: null, server_version: null };
  }
  let mail: TechnicalStatus["mail"] = {
    configured: Boolean(s.config.SMTP_URL),
    waiting: 0,
    failing: 0,
    sent_last_day: 0,
    last_error: null,
  };
  if (database.ok) {
    const [counts] = rowsOf<{ waiting: number; failing: number; sent: number }>(
      await db.execute(sql`select
          count(*) filter (where sent_at is null)::int as waiting,
          count(*) filter (where sent_at is null and attempts > 0)::int as failing,
          count(*) filter (where sent_at > now() - interval '1 day')::int as sent
        from mail_outbox`),
    );
    const [last] = rowsOf<{ last_error: string }>(
      await db.execute(
        sql`select last_error from mail_outbox where last_error is not null and sent_at is null order by id desc limit 1`,
      ),
    );
    mail = {
      ...mail,
      waiting: counts?.waiting ?? 0,
      failing: counts?.failing ?? 0,
      sent_last_day: counts?.sent ?? 0,
      last_error: last ? maskAddresses(last.last_error).slice(0, 500) : null,
    };
  }
  const base = s.publicUrl.replace(/\/+$/, "");
  return {
    version: VERSION,
    node_version: process.versions.node,
    device_api_url: `${base}/api/v2/device`,
    checkin_url: `${base}/CheckIn`,
    database,
    mail,
    push: { transport: s.config.REDIS_URL ? "redis" : "in-process", clients: s.pushClients?.() ?? 0 },
  };
}
