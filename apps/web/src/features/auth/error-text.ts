import { RequestError } from "../../lib/http.ts";

/** The text to show for a failed call: the server's message when it sent one. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof RequestError) return err.fromServer ? err.message : err.status === 0 ? err.message : fallback;
  return fallback;
}
