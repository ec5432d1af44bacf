import { Readable } from "node:stream";
import { isAdmin } from "@rollbook/domain";
import type { FastifyInstance } from "fastify";
import type { Viewer } from "../access/viewer.ts";
import { imports } from "../db/schema/index.ts";
import { downloadViewer } from "../export/request-viewer.ts";
import type { Services } from "../services.ts";
import { csvRows, FileProblem } from "./csv.ts";
import { type ImportWorker, publishImport, startImportWorker } from "./job.ts";
import {
  IMPORT_KINDS,
  type ImportKind,
  isImportKind,
  MAX_IMPORT_BYTES,
  ONEROSTER_FILES,
  ONEROSTER_ORDER,
  OWN_COLUMNS,
} from "./kinds.ts";
import { appendToFile, createFile, nextImportId, removeFile } from "./store.ts";
import { entryStream, findEntry, ZipProblem, zipEntries } from "./zip.ts";

/** Bytes gathered before one write of the large object. */
const WRITE_CHUNK = 1024 * 1024;
const MB = MAX_IMPORT_BYTES / (1024 * 1024);

/**
 * Keeps the upload as the import's file and checks it on the way: the size, that it is text
 * (or a zip for OneRoster), its header and that the CSV parses; counts its rows. A problem
 * removes the file and throws: nothing of the import is written.
 */
async function storeUpload(s: Services, id: number, kind: ImportKind, body: AsyncIterable<Buffer>): Promise<number> {
  const db = s.db;
  await createFile(db, id);
  let size = 0;
  let offset = 0;
  let parts: Buffer[] = [];
  let partLen = 0;
  const write = async () => {
    if (partLen === 0) return;
    await appendToFile(db, id, offset, Buffer.concat(parts));
    offset += partLen;
    parts = [];
    partLen = 0;
  };
  async function* kept() {
    for await (const raw of body) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      if (size === 0 && kind === "oneroster" && chunk.length >= 2 && chunk.readUInt16LE(0) !== 0x4b50)
        throw new FileProblem(
          "a OneRoster import takes the zip of its CSV files (users.csv, classes.csv, enrollments.csv, orgs.csv): this file is not a zip archive",
        );
      size += chunk.length;
      if (size > MAX_IMPORT_BYTES) throw new FileProblem(`the file is larger than ${MB} MB: split it`, 413);
      parts.push(chunk);
      partLen += chunk.length;
      if (partLen >= WRITE_CHUNK) await write();
      yield chunk;
    }
    await write();
  }
  if (kind !== "oneroster") {
    let n = 0;
    for await (const _ of csvRows(Readable.from(kept()), OWN_COLUMNS[kind], { strict: true, what: "the file" })) n++;
    if (n === 0) throw new FileProblem("the file has a header but no rows");
    return n;
  }
  for await (const _ of kept());
  if (size === 0) throw new FileProblem("the file is empty");
  const entries = await zipEntries(db, id);
  for (const f of ["users.csv", "classes.csv", "enrollments.csv"])
    if (!findEntry(entries, f)) throw new FileProblem(`the OneRoster zip lacks ${f}`);
  let total = 0;
  for (const f of ONEROSTER_ORDER) {
    const e = findEntry(entries, f);
    if (!e) continue;
    for await (const _ of csvRows(await entryStream(db, id, e), ONEROSTER_FILES[f], { strict: false, what: f }))
      total++;
  }
  return total;
}

/** Answers the import as the upload's reply and the GraphQL `import` show it. */
export async function createImport(
  s: Services,
  viewer: Viewer,
  kind: ImportKind,
  body: AsyncIterable<Buffer>,
): Promise<typeof imports.$inferSelect> {
  const id = await nextImportId(s.db);
  try {
    const total = await storeUpload(s, id, kind, body);
    const [row] = await s.db
      .insert(imports)
      .values({ id, school_id: viewer.schoolId, user_id: viewer.user.id, kind, total_rows: total })
      .returning();
    if (!row) throw new Error("import insert returned nothing");
    return row;
  } catch (e) {
    await removeFile(s.db, id).catch(() => {});
    throw e;
  }
}

/**
 * POST /api/v2/imports?kind=students|courses|enrollments|teams|users|oneroster, the file as the
 * raw body (text/csv; a zip for oneroster), admin roles only. Answers 202 at once with the
 * import's uuid; a background job runs it (job.ts). A bad file answers 400 (413 past the size
 * limit) `{ message, errors: { file: [message] } }` and nothing is written (decision 0970).
 */
export async function importRoutes(app: FastifyInstance, { s }: { s: Services }) {
  const worker: ImportWorker = startImportWorker(s);
  app.addHook("onClose", () => worker.stop());
  // every body of this plugin's routes is the raw stream: the file is read as it arrives
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  // A refusal before the whole file was read (a bad header in the first chunk) left the rest of
  // the body unread and the stream paused: the connection's next request was never parsed and
  // hung. The rest is read and dropped, so the connection stays usable.
  app.addHook("onSend", async (request, _reply, payload) => {
    const raw = request.raw;
    if (!raw.complete && !raw.destroyed) {
      raw.removeAllListeners("readable");
      raw.resume();
    }
    return payload;
  });
  app.post("/api/v2/imports", async (request, reply) => {
    const viewer = await downloadViewer(s, request, reply, "import");
    if (!viewer) return reply;
    if (!isAdmin(viewer.roleId)) return reply.code(403).send({ message: "Only administrators may import." });
    const kind = (request.query as Record<string, unknown>)?.kind;
    if (!isImportKind(kind)) {
      const problem = `must be one of ${IMPORT_KINDS.join(", ")}`;
      return reply.code(400).send({ message: `kind ${problem}`, errors: { kind: [problem] } });
    }
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > MAX_IMPORT_BYTES) {
      const problem = `the file is larger than ${MB} MB: split it`;
      return reply
        .code(413)
        .header("connection", "close")
        .send({ message: problem, errors: { file: [problem] } });
    }
    // not destroyed when a check stops reading early: destroying an unfinished request would
    // take the connection (and our answer) with it; the hook above drains it instead
    const raw = request.body as Readable | undefined;
    const body: AsyncIterable<Buffer> = raw ? raw.iterator({ destroyOnReturn: false }) : Readable.from([]);
    try {
      const row = await createImport(s, viewer, kind, body);
      publishImport(s, row);
      worker.kick();
      return reply.code(202).send({
        data: { id: row.id, uuid: row.uuid, kind: row.kind, status: row.status, total_rows: row.total_rows },
      });
    } catch (e) {
      if (e instanceof FileProblem || e instanceof ZipProblem) {
        const status = e instanceof FileProblem ? e.status : 400;
        if (status === 413) reply.header("connection", "close");
        return reply.code(status).send({ message: e.message, errors: { file: [e.message] } });
      }
      throw e;
    }
  });
}
