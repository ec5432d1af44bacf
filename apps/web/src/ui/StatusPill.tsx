import classes from "./StatusPill.module.css";
import { statusColour, statusLabel } from "./status.ts";

/**
 * An attendance status written in a light pill of its colour (never colour alone): the cheap
 * cousin of StatusBadge for long live tables (a plain span, one class, no Mantine styles).
 */
export function StatusPill({ status }: { status: number }) {
  return (
    <span className={classes.pill} data-colour={statusColour(status)} data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
