import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { parseMail } from "./mail-message.ts";

export interface MailCatcher {
  port: number;
  close(): Promise<void>;
}

/**
 * A fake SMTP server at the edge: it accepts every mail on 127.0.0.1 and writes it, parsed, as
 * one JSON file into `dir`, where the test workers (other processes) read it.
 */
export async function startMailCatcher(dir: string): Promise<MailCatcher> {
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", callback);
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), to, Date.now());
        const name = `${String(Date.now()).padStart(15, "0")}-${String(++seq).padStart(5, "0")}`;
        const file = path.join(dir, `${name}.json`);
        // written whole, then renamed, so a reader never sees half a mail
        writeFile(`${file}.part`, JSON.stringify(mail))
          .then(() => rename(`${file}.part`, file))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
