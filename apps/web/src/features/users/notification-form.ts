/** The Notifications form's values and how they become updateNotifications' variables (pure). */
import type { Errors } from "../../ui/form/server-errors.ts";

export const MAIL_CHOICES = [
  ["late_email", "Late arrivals"],
  ["absent_email", "Absences"],
  ["tardy_absent_email", "Late, then absent"],
  ["pindrop_email", "Seen outside the location during class (pin drop)"],
  ["daily_recap_email", "Daily recap"],
  ["weekly_startup_email", "Weekly start-up"],
  ["weekly_recap_email", "Weekly recap"],
] as const;

export type MailChoice = (typeof MAIL_CHOICES)[number][0];

export type NotificationValues = Record<MailChoice, boolean> & {
  prefers_sms: boolean;
  phone_number: string;
  alert_filter: string[];
};

export function notificationValues(
  u: Record<MailChoice | "prefers_sms", boolean> & { phone_number?: string | null; alert_filter: string[] },
): NotificationValues {
  const out = {
    prefers_sms: u.prefers_sms,
    phone_number: u.phone_number ?? "",
    alert_filter: [...u.alert_filter],
  } as NotificationValues;
  for (const [k] of MAIL_CHOICES) out[k] = u[k];
  return out;
}

/** The fields that show an error, in screen order, and their labels. */
export const NOTIFICATION_ORDER = ["phone_number", "alert_filter"] as const;

export type NotificationField = (typeof NOTIFICATION_ORDER)[number];

export const NOTIFICATION_LABELS: Record<NotificationField, string> = {
  phone_number: "Phone for SMS",
  alert_filter: "Alert only for these courses and teams",
};

/** A phone is needed for SMS: said before the server is asked. */
export function notificationErrors(v: NotificationValues): Errors<NotificationField> {
  return v.prefers_sms && !v.phone_number.trim() ? { phone_number: "A phone number is needed to receive SMS" } : {};
}

export function notificationVariables(userId: number, v: NotificationValues) {
  return { user_id: userId, ...v, phone_number: v.phone_number.trim() || null };
}
