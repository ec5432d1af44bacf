import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock between processes and two on one directory corrupt it,
 * so the server holds a pid file created exclusively; a file left by a
 * killed process (its pid is gone) is taken over.
 */
export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "rollbook.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // a process that opens many directories in turn (a test worker) keeps no listener per lock
        process.removeListener("exit", release);
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isFinite(pid) && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Rollbook process (pid ${pid}). ` +
            "Stop it first, or set DATA_DIR to another directory. Several servers need PostgreSQL (DATABASE_URL).",
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}
