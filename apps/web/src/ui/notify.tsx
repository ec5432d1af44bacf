import { Notifications, notifications } from "@mantine/notifications";
import { NOTIFICATION_TIMEOUT_MS } from "@rollbook/domain";
import "@mantine/notifications/styles.css";

/**
 * Toasts: each hides after NOTIFICATION_TIMEOUT_MS; Mantine pauses the countdown while the
 * pointer is over it (or it has focus) and restarts it on leave.
 */
export function NotificationsHost() {
  return <Notifications autoClose={NOTIFICATION_TIMEOUT_MS} position="top-right" limit={5} zIndex={1000} />;
}

// Mantine's close (X) button has no text of its own: name it for screen readers
const closeButtonProps = { "aria-label": "Close notification" };
// under a title Mantine greys the message (its dimmed colour), below the 4.5:1 contrast text
// needs on white (axe: color-contrast): the message is what the user must read
const styles = { description: { color: "var(--mantine-color-text)" } };

export const notify = {
  success(message: string, title?: string) {
    notifications.show({ message, title, color: "teal", autoClose: NOTIFICATION_TIMEOUT_MS, closeButtonProps, styles });
  },
  error(message: string, title = "That did not work") {
    notifications.show({ message, title, color: "red", autoClose: NOTIFICATION_TIMEOUT_MS, closeButtonProps, styles });
  },
  info(message: string, title?: string) {
    notifications.show({ message, title, color: "blue", autoClose: NOTIFICATION_TIMEOUT_MS, closeButtonProps, styles });
  },
};
