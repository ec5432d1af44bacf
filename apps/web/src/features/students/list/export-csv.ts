/**
 * Downloads a CSV export (the /Students list's, the reports') with the session's headers, streamed,
 * counting rows as they arrive.
 */
import { RequestError } from "../../../lib/http.ts";
import { endSession, getToken } from "../../../lib/session.ts";

/** The file name from Content-Disposition, else the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  return m?.[1] ? decodeURIComponent(m[1]) : fallback;
}

export interface CsvFile {
  blob: Blob;
  /** From Content-Disposition, else the fallback name. */
  name: string;
  /** Data rows (lines after the header). */
  rows: number;
}

export interface FetchCsvOptions {
  /** Rows received so far, after each chunk. */
  onProgress?: (rows: number) => void;
  /** The answer's headers, before the body is read (the reports' x-total-count). */
  onHeaders?: (headers: Headers) => void;
  /** Cancels the request and the reading (the promise rejects with an AbortError). */
  signal?: AbortSignal;
}

/**
 * GET `path` as the signed-in user (bearer token and the XMLHttpRequest marker, as lib/http.ts
 * sends them), reading the stream to report the rows received so far. Resolves with the file
 * and its number of data rows (lines after the header). A 4xx/5xx rejects with the server's message.
 */
export async function fetchCsv(path: string, fallbackName: string, opts: FetchCsvOptions = {}): Promise<CsvFile> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: "text/csv", "X-Requested-With": "XMLHttpRequest" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers, signal: opts.signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new RequestError("Rollbook could not reach the server. Check the connection and try again.", 0, {}, false);
  }
  if (response.status === 401 && token) endSession("expired", token);
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as {
      message?: string;
      errors?: Record<string, string[]>;
    } | null;
    throw new RequestError(
      payload?.message ?? `The export failed (${response.status}).`,
      response.status,
      payload?.errors ?? {},
    );
  }
  opts.onHeaders?.(response.headers);
  const chunks: BlobPart[] = [];
  let lines = 0;
  let lastByte = 10;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      for (const b of value) if (b === 10) lines++;
      lastByte = value[value.length - 1] ?? lastByte;
      opts.onProgress?.(Math.max(0, lines - 1));
    }
  } else {
    const text = await response.text();
    chunks.push(text);
    lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    lastByte = 10;
  }
  // a last line without its newline is a row too
  const total = lines + (lastByte === 10 ? 0 : 1);
  return {
    blob: new Blob(chunks, { type: "text/csv;charset=utf-8" }),
    name: attachmentName(response.headers.get("Content-Disposition"), fallbackName),
    rows: Math.max(0, total - 1),
  };
}

/** Hands a file to the browser as a download (an object URL, revoked once the click is done). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * GET `path` as the signed-in user, reporting the rows received so far, then hands the file to
 * the browser as a download. Resolves with the number of data rows (lines after the header).
 */
export async function downloadCsv(
  path: string,
  fallbackName: string,
  onProgress?: (rows: number) => void,
): Promise<number> {
  const file = await fetchCsv(path, fallbackName, { onProgress });
  saveFile(file.blob, file.name);
  return file.rows;
}
