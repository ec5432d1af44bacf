import { type Readable, Transform, type TransformCallback } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { type Columns, headerProblem } from "./kinds.ts";
import type { Row } from "./rows.ts";

/** A problem with the whole file: nothing of it is written, and the message says what. */
export class FileProblem extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/**
 * Refuses what is not text: a NUL byte or bytes that are not UTF-8 (a spreadsheet saved as
 * .xlsx, an image, a PDF). Passes the bytes on unchanged.
 */
export class TextCheck extends Transform {
  #decoder = new TextDecoder("utf-8", { fatal: true });
  #seen = 0;
  constructor(private readonly what: string) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    const nul = chunk.indexOf(0);
    if (nul >= 0)
      return done(
        new FileProblem(`${this.what} is not a CSV text file: it has binary content (byte ${this.#seen + nul + 1})`),
      );
    try {
      this.#decoder.decode(chunk, { stream: true });
    } catch {
      return done(new FileProblem(`${this.what} is not a CSV text file: it is not UTF-8 text`));
    }
    this.#seen += chunk.length;
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    try {
      this.#decoder.decode();
    } catch {
      return done(new FileProblem(`${this.what} is not a CSV text file: it ends inside a character`));
    }
    done();
  }
}

/**
 * The data rows of a CSV stream, read by csv-parse in streaming mode: the header first (checked
 * against `columns`), then one Row per record with its line number. A file the parser cannot
 * read (an unclosed quote, ...) is a FileProblem.
 */
export async function* csvRows(
  bytes: Readable,
  columns: Columns,
  opts: { strict: boolean; what: string },
): AsyncGenerator<Row> {
  const text = new TextCheck(opts.what);
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true, trim: false });
  bytes.on("error", (e) => text.destroy(e));
  text.on("error", (e) => parser.destroy(e));
  bytes.pipe(text).pipe(parser);
  let header: string[] | null = null;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = item.record.map((h) => h.trim());
        const problem = headerProblem(header, columns, opts.strict);
        if (problem) throw new FileProblem(`${opts.what}: ${problem}`);
        continue;
      }
      const line = item.info.lines;
      if (item.record.length === 1 && item.record[0]?.trim() === "") continue;
      const v: Record<string, string | undefined> = {};
      header.forEach((h, i) => {
        v[h] = item.record[i] ?? "";
      });
      if (item.record.length > header.length) {
        yield { line, v: { ...v, __extra: String(item.record.length) } };
        continue;
      }
      yield { line, v };
    }
  } catch (e) {
    if (e instanceof FileProblem) throw e;
    const err = e as { code?: string; message?: string };
    // csv-parse's codes mostly start CSV_, but not all (INVALID_OPENING_QUOTE): the class is sure
    if (e instanceof CsvError || err.code?.startsWith("CSV_"))
      throw new FileProblem(`${opts.what} is not valid CSV: ${err.message}`);
    if (err.code?.startsWith("Z_")) throw new FileProblem(`${opts.what} could not be unpacked: ${err.message}`);
    throw e;
  } finally {
    bytes.destroy();
  }
  if (!header) throw new FileProblem(`${opts.what} is empty`);
}

/** The header's cell count, for a row that has more cells than it. */
export const extraCells = (r: Row) => r.v.__extra;
