/** One mail as the catcher stores it: what a test needs to read a link out of it. */
export interface CaughtMail {
  /** Envelope recipients (RCPT TO), lower-case. */
  to: string[];
  subject: string;
  /** The decoded text body. */
  text: string;
  /** Epoch ms when the catcher received it. */
  receivedAt: number;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const unfolded = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < unfolded.length; i++) {
    const c = unfolded[i] as string;
    const hex = unfolded.slice(i + 1, i + 3);
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: "" };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The text/plain body: the message itself, or its first text/plain part when multipart. */
function textOf(headers: Map<string, string>, body: string): string {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return decodeBody(headers, body);
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    const part = splitMessage(chunk.replace(/^\r?\n/, ""));
    const text = textOf(part.headers, part.body);
    if ((part.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith("text/plain")) return text;
  }
  return "";
}

/** Reads a raw RFC 5322 message as the fake SMTP server received it. */
export function parseMail(raw: string, envelopeTo: string[], receivedAt: number): CaughtMail {
  const { headers, body } = splitMessage(raw);
  return {
    to: envelopeTo.map((a) => a.toLowerCase()),
    subject: decodeHeader(headers.get("subject") ?? ""),
    text: textOf(headers, body).replace(/\r\n/g, "\n"),
    receivedAt,
  };
}
