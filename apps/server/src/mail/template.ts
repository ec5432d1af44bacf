/**
 * The one layout of notification mails (decision 0900): the school's name, a greeting, blocks of
 * paragraphs and lists, and a footer with the unsubscribe link; rendered as plain text and as
 * HTML. Every interpolated value is escaped in the HTML part.
 */

export interface ListItem {
  text: string;
  href?: string;
}

export type Block = { paragraph: string } | { heading: string; items: ListItem[]; empty?: string };

export interface MailContent {
  school: string;
  subject: string;
  greeting: string;
  blocks: Block[];
  /** why the reader gets it, shown above the unsubscribe link */
  reason: string;
  /** where the reader turns it off; null for readers without a sign-in (students) */
  unsubscribeUrl: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/** Only http(s) links become anchors: a stored value cannot smuggle a javascript: URL. */
const safeHref = (href: string) => (/^https?:\/\//i.test(href) ? href : null);

/** Where a user turns their notifications off: the Profile page's notifications tab. */
export const unsubscribeUrl = (publicUrl: string) => `${publicUrl}/Profile?tab=notifications`;

function textOf(c: MailContent): string {
  const lines = [c.school, "", c.greeting];
  for (const b of c.blocks) {
    lines.push("");
    if ("paragraph" in b) lines.push(b.paragraph);
    else {
      lines.push(`${b.heading}:`);
      if (b.items.length === 0 && b.empty) lines.push(b.empty);
      for (const i of b.items) lines.push(`- ${i.text}${i.href ? `: ${i.href}` : ""}`);
    }
  }
  lines.push("", "--", c.reason);
  if (c.unsubscribeUrl) lines.push(`Unsubscribe or change these e-mails: ${c.unsubscribeUrl}`);
  return lines.join("\n");
}

function htmlOf(c: MailContent): string {
  const e = escapeHtml;
  const item = (i: ListItem) => {
    const href = i.href ? safeHref(i.href) : null;
    return `<li>${href ? `<a href="${e(href)}">${e(i.text)}</a>` : e(i.text)}</li>`;
  };
  const blocks = c.blocks.map((b) => {
    if ("paragraph" in b) return `<p>${e(b.paragraph)}</p>`;
    const body =
      b.items.length === 0 ? (b.empty ? `<p>${e(b.empty)}</p>` : "") : `<ul>${b.items.map(item).join("")}</ul>`;
    return `<h2 style="font-size:16px">${e(b.heading)}</h2>${body}`;
  });
  const unsubscribe = c.unsubscribeUrl
    ? `<br><a href="${e(c.unsubscribeUrl)}">Unsubscribe or change these e-mails</a>`
    : "";
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(c.subject)}</title></head>`,
    `<body style="font-family:sans-serif;color:#111">`,
    `<p style="font-weight:bold">${e(c.school)}</p>`,
    `<p>${e(c.greeting)}</p>`,
    ...blocks,
    `<hr><p style="font-size:12px;color:#444">${e(c.reason)}${unsubscribe}</p>`,
    `</body></html>`,
  ].join("\n");
}

export function renderMail(c: MailContent): RenderedMail {
  return { subject: c.subject, text: textOf(c), html: htmlOf(c) };
}
