/** Downloads the /Students CSV export (every page of the current filter) with the session's headers. */
import { RequestError } from "../../../lib/http.ts";
import { endSession, getToken } from "../../../lib/session.ts";

/** The file name from Content-Disposition, else the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  return m?.[1] ? decodeURIComponent(m[1]) : fallback;
}

/**
 * GET `path` as the signed-in user (bearer token and the XMLHttpRequest marker, as lib/http.ts
 * sends them), reading the stream to report the rows received so far, then hands the file to the
 * browser as a download. Resolves with the number of data rows (lines after the header).
 */
export async function downloadCsv(
  path: string,
  fallbackName: string,
  onProgress?: (rows: number) => void,
): Promise<number> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: "text/csv", "X-Requested-With": "XMLHttpRequest" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new RequestError("Rollbook could not reach the server. Check the connection and try again.", 0, {}, false);
  }
  if (response.status === 401 && token) endSession("expired");
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new RequestError(payload?.message ?? `The export failed (${response.status}).`, response.status);
  }
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
      onProgress?.(Math.max(0, lines - 1));
    }
  } else {
    const text = await response.text();
    chunks.push(text);
    lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    lastByte = 10;
  }
  // a last line without its newline is a row too
  const total = lines + (lastByte === 10 ? 0 : 1);
  const blob = new Blob(chunks, { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = attachmentName(response.headers.get("Content-Disposition"), fallbackName);
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return Math.max(0, total - 1);
}
