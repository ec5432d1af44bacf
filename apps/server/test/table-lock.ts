import pg from "pg";

/**
 * Runs `fn` while another connection (as another process would) holds `table` locked in
 * exclusive mode, so that nothing can write it; the lock is let go after, whatever `fn` did.
 */
export async function whileTableLocked<T>(databaseUrl: string | undefined, table: string, fn: () => Promise<T>) {
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  try {
    await holder.query("begin");
    await holder.query(`lock table ${table} in exclusive mode`);
    return await fn();
  } finally {
    await holder.query("rollback");
    await holder.end();
  }
}
