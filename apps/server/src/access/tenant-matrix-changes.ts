import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rowsOf } from "./tenant-matrix-world.ts";

/**
 * Test helper of tenant-matrix.test.ts: tells which rows a call wrote. A row trigger on every
 * table of the test's own database copy logs each insert, update and delete (cheaper and more
 * precise than hashing every table around each call). Columns that every request touches
 * are left out of the comparison of an update.
 */
export const EXCLUDED_COLUMNS: Record<string, string[]> = {
  users: ["last_seen"], // every signed-in request
  access_tokens: ["last_used_at"], // every request with the token
};

export interface Change {
  tbl: string;
  op: "INSERT" | "UPDATE" | "DELETE";
  row_id: string | null;
  school_id: number | null;
}

const LOG_FUNCTION = `
create or replace function matrix_log() returns trigger language plpgsql as $$
declare
  r jsonb;
begin
  if TG_OP = 'UPDATE' then
    if (to_jsonb(OLD) - TG_ARGV) = (to_jsonb(NEW) - TG_ARGV) then return null; end if;
  end if;
  if TG_OP = 'DELETE' then r := to_jsonb(OLD); else r := to_jsonb(NEW); end if;
  insert into matrix_changes (tbl, op, row_id, school_id)
    values (TG_TABLE_NAME, TG_OP, r->>'id', (r->>'school_id')::int);
  return null;
end $$`;

export class ChangeLog {
  /** rows the matrix's own calls added (an invitation, an audit row): later calls may change them */
  private own = new Set<string>();

  constructor(private db: Db) {}

  /** Installs the log on every table; answers how many tables it watches. */
  async install(): Promise<number> {
    const tables = await rowsOf<{ table_name: string }>(
      this.db,
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    await this.db.execute(
      sql.raw("create table matrix_changes (seq serial primary key, tbl text, op text, row_id text, school_id int)"),
    );
    await this.db.execute(sql.raw(LOG_FUNCTION));
    for (const { table_name } of tables) {
      const args = (EXCLUDED_COLUMNS[table_name] ?? []).map((c) => `'${c}'`).join(", ");
      await this.db.execute(
        sql.raw(
          `create trigger matrix_log after insert or update or delete on "${table_name}" for each row execute function matrix_log(${args})`,
        ),
      );
    }
    return tables.length;
  }

  /** The writes since the previous call, leaving out later writes to rows the matrix itself added. */
  async take(): Promise<Change[]> {
    const rows = await rowsOf<Change>(this.db, "delete from matrix_changes returning tbl, op, row_id, school_id");
    const out: Change[] = [];
    for (const c of rows) {
      const key = `${c.tbl}:${c.row_id}`;
      if (c.op === "INSERT") this.own.add(key);
      else if (c.row_id !== null && this.own.has(key)) continue;
      out.push({ ...c, school_id: c.school_id === null ? null : Number(c.school_id) });
    }
    return out;
  }
}
