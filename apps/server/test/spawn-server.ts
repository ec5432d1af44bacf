import { type ChildProcess, spawn } from "node:child_process";
import { ROOT } from "./template.ts";

/** A real `node --import tsx apps/server/src/main.ts` process, as `npm start` runs it. */
export interface SpawnedServer {
  child: ChildProcess;
  /** everything printed so far, stdout and stderr */
  output(): string;
  /** the port once "Rollbook is running at" is printed; rejects if the process exits first */
  listening: Promise<number>;
  /** the exit code (null when killed by a signal) */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export function spawnServer(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Rollbook is running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
  listening.catch(() => {}); // callers that only await `exited` need no handler
  return {
    child,
    output: () => out,
    listening,
    exited,
    async kill(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
