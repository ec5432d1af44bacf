import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * The uploaded file, kept in PostgreSQL as a large object until its import is done or failed
 * (decision 0970): every server process reaches it, so whichever claims the import reads it,
 * and one restarted after a crash reads it again. Its OID is fixed by the import's id, so the
 * imports table needs no column for it.
 */
const LO_BASE = 1_300_000_000;
export const oidOf = (importId: number) => LO_BASE + importId;

/** Bytes read per statement when the job reads the file back. */
export const READ_CHUNK = 256 * 1024;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The id the next import will have, taken before its row is written (the row comes last). */
export async function nextImportId(db: Db): Promise<number> {
  const r = await db.execute(sql`select nextval(pg_get_serial_sequence('imports', 'id'))::int as id`);
  return Number(rowsOf<{ id: number }>(r)[0]?.id);
}

export async function createFile(db: Db, importId: number): Promise<void> {
  await removeFile(db, importId);
  await db.execute(sql`select lo_create(${oidOf(importId)}::oid)`);
}

export async function appendToFile(db: Db, importId: number, offset: number, chunk: Buffer): Promise<void> {
  await db.execute(sql`select lo_put(${oidOf(importId)}::oid, ${offset}::bigint, ${chunk}::bytea)`);
}

export async function removeFile(db: Db, importId: number): Promise<void> {
  const oid = oidOf(importId);
  await db.execute(sql`select lo_unlink(${oid}::oid) from pg_largeobject_metadata where oid = ${oid}::oid`);
}

export async function fileSize(db: Db, importId: number): Promise<number> {
  const r = await db.execute(sql`select lo_lseek64(lo_open(${oidOf(importId)}::oid, 262144), 0, 2) as n`);
  return Number(rowsOf<{ n: number | string }>(r)[0]?.n ?? 0);
}

/** Bytes [start, end) of the file, one READ_CHUNK per statement: memory holds one chunk. */
export async function* readFile(db: Db, importId: number, start = 0, end = Number.POSITIVE_INFINITY) {
  let at = start;
  while (at < end) {
    const len = Math.min(READ_CHUNK, end - at);
    const r = await db.execute(sql`select lo_get(${oidOf(importId)}::oid, ${at}::bigint, ${len}::int) as b`);
    const raw = rowsOf<{ b: Uint8Array | null }>(r)[0]?.b;
    const buf = raw ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength) : Buffer.alloc(0);
    if (buf.length === 0) return;
    yield buf;
    at += buf.length;
    if (buf.length < len) return;
  }
}

export async function readRange(db: Db, importId: number, start: number, length: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const b of readFile(db, importId, start, start + length)) parts.push(b);
  return Buffer.concat(parts);
}
