import { Readable, Transform } from "node:stream";
import { createInflateRaw } from "node:zlib";
import type { Db } from "../db/client.ts";
import { fileSize, readFile, readRange } from "./store.ts";

/**
 * Just enough of the zip format to read a OneRoster bundle kept as a large object: the central
 * directory from the end of the file, then each wanted entry streamed (stored or deflated) in
 * chunks, so memory holds a chunk whatever the size. No zip64, no encryption, no multi-disk:
 * a file that needs them is refused with a message.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

export class ZipProblem extends Error {}

/** What one entry may unpack to: a zip bomb stops here (ten times the upload limit). */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

function capped(name: string) {
  let n = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      n += chunk.length;
      if (n > MAX_UNPACKED_BYTES)
        return done(
          new ZipProblem(`the zip entry "${name}" unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB`),
        );
      done(null, chunk);
    },
  });
}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

export async function zipEntries(db: Db, importId: number): Promise<ZipEntry[]> {
  const size = await fileSize(db, importId);
  if (size < 22) throw new ZipProblem("the file is not a zip archive (too short)");
  const tailLen = Math.min(size, 22 + 65535);
  const tail = await readRange(db, importId, size - tailLen, tailLen);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) throw new ZipProblem("the file is not a zip archive (no end of central directory)");
  const count = tail.readUInt16LE(at + 10);
  const cenSize = tail.readUInt32LE(at + 12);
  const cenOffset = tail.readUInt32LE(at + 16);
  if (cenOffset === 0xffffffff || count === 0xffff) throw new ZipProblem("zip64 archives are not supported");
  if (cenOffset + cenSize > size) throw new ZipProblem("the zip archive is damaged (central directory out of range)");
  const cen = await readRange(db, importId, cenOffset, cenSize);
  const out: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cen.length || cen.readUInt32LE(p) !== CEN) throw new ZipProblem("the zip archive is damaged");
    const flags = cen.readUInt16LE(p + 8);
    const method = cen.readUInt16LE(p + 10);
    const compressedSize = cen.readUInt32LE(p + 20);
    const nameLen = cen.readUInt16LE(p + 28);
    const extraLen = cen.readUInt16LE(p + 30);
    const commentLen = cen.readUInt16LE(p + 32);
    const localOffset = cen.readUInt32LE(p + 42);
    const name = cen.subarray(p + 46, p + 46 + nameLen).toString("utf8");
    if (flags & 1) throw new ZipProblem(`the zip entry "${name}" is encrypted`);
    out.push({ name, method, compressedSize, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The uncompressed bytes of an entry, as a stream. */
export async function entryStream(db: Db, importId: number, e: ZipEntry): Promise<Readable> {
  const head = await readRange(db, importId, e.localOffset, 30);
  if (head.length < 30 || head.readUInt32LE(0) !== LOC) throw new ZipProblem(`the zip entry "${e.name}" is damaged`);
  const start = e.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  const raw = Readable.from(readFile(db, importId, start, start + e.compressedSize));
  if (e.method === 0) return raw;
  if (e.method !== 8) throw new ZipProblem(`the zip entry "${e.name}" uses an unsupported compression (${e.method})`);
  const inflate = createInflateRaw();
  const cap = capped(e.name);
  raw.on("error", (err) => inflate.destroy(err));
  inflate.on("error", (err) => cap.destroy(err));
  return raw.pipe(inflate).pipe(cap);
}

/** The entry whose base name is `file` (OneRoster bundles may put the files in a folder). */
export function findEntry(entries: ZipEntry[], file: string): ZipEntry | undefined {
  return entries.find((e) => (e.name.split("/").pop() ?? "").toLowerCase() === file.toLowerCase());
}
