/**
 * A person's names, e-mail and phone (a user's Information tab, one's own profile): values,
 * labels and the check the browser makes. Pure, tested without a browser.
 */
import { formatPhone, phoneProblem } from "@rollbook/domain";
import { isEmailShape } from "../../ui/form/rules.ts";
import type { Errors } from "../../ui/form/server-errors.ts";

export interface InformationValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

export type InformationField = keyof InformationValues;

export const INFORMATION_ORDER: readonly InformationField[] = ["first_name", "last_name", "email", "phone_number"];

export const INFORMATION_LABELS: Record<InformationField, string> = {
  first_name: "First name",
  last_name: "Last name",
  email: "E-mail",
  phone_number: "Phone",
};

export const informationValues = (u: {
  first_name: string;
  last_name: string;
  email: string;
  phone_number?: string | null;
}): InformationValues => ({
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  // shown as every screen writes phones, (518) 555-0100; the server keeps the digits
  phone_number: formatPhone(u.phone_number),
});

/** An e-mail field's problem in the forms' words ("E-mail must be ..."), or nothing. */
function emailError(value: string): string | undefined {
  if (!value.trim()) return "E-mail is required";
  if (!isEmailShape(value)) return "E-mail must be a valid e-mail address";
  return undefined;
}

/**
 * Every field the browser can check, all at once (the server checks again, and alone knows
 * whether an address is taken): the first name, the e-mail's shape, the phone by the server's
 * rule (the domain's `phoneProblem`).
 */
export function informationErrors(v: InformationValues): Errors<InformationField> {
  const e: Errors<InformationField> = {};
  if (!v.first_name.trim()) e.first_name = "First name is required";
  const email = emailError(v.email);
  if (email) e.email = email;
  const phone = phoneProblem(v.phone_number);
  if (phone) e.phone_number = `${INFORMATION_LABELS.phone_number} ${phone}`;
  return e;
}

/**
 * A changed e-mail is only asked for: the server mails the new address a link, and the e-mail
 * changes when it is opened (decision 0951). The notice to show, or null when it is unchanged.
 */
export function emailChangeNotice(before: string, after: string): string | null {
  const next = after.trim();
  if (!next || next.toLowerCase() === before.trim().toLowerCase()) return null;
  return `A link to confirm ${next} was sent there: the e-mail changes when it is opened.`;
}

/**
 * Under the e-mail field while a change waits (the server's pending_email): survives a reload,
 * unlike the notice. Nothing when no link is open.
 */
export function pendingEmailNote(pending: string | null | undefined): string | undefined {
  return pending
    ? `Waiting for confirmation: a link was sent to ${pending}; the e-mail changes when it is opened.`
    : undefined;
}

export interface InviteValues {
  first_name: string;
  last_name: string;
  email: string;
  role_id: string;
}

export const INVITE_ORDER: readonly (keyof InviteValues)[] = ["first_name", "last_name", "email", "role_id"];

export const INVITE_LABELS: Record<keyof InviteValues, string> = { ...INFORMATION_LABELS, role_id: "Role" };

/** An invitation needs a first name and an e-mail (the server checks the address fully). */
export function inviteErrors(v: InviteValues): Errors<keyof InviteValues> {
  const e: Errors<keyof InviteValues> = {};
  if (!v.first_name.trim()) e.first_name = "First name is required";
  const email = emailError(v.email);
  if (email) e.email = email;
  return e;
}
