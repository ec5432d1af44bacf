import { ActionIcon, Popover } from "@mantine/core";
import type { ReactNode } from "react";

const CalendarIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
    <rect x="3" y="5" width="18" height="16" rx="2" stroke="currentColor" strokeWidth="2" />
    <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * For the field whose right section holds the calendar. Mantine gives an input's sections z-index 1,
 * a stacking context that kept the calendar (z-index 300, rendered next to its field, decision 0711)
 * under the navigation (101): a calendar opened near the navigation lost its Sunday column under
 * it. Without that z-index the calendar is layered as every other dropdown.
 */
export const CALENDAR_SECTION_PROPS = { style: { zIndex: "auto" } } as const;

/**
 * The button beside typed date boxes, "Choose <label> in the calendar", and the calendar it opens
 * as a dialog, "<label>: calendar" (decision 0588, the WAI-ARIA date picker dialog): focus is kept
 * in it, Escape closes it, and focus goes back to the button. `children` is the calendar.
 */
export function CalendarButton(props: {
  label: string;
  opened: boolean;
  onOpen: (opened: boolean) => void;
  children: ReactNode;
}) {
  const { label, opened, onOpen, children } = props;
  return (
    <Popover
      opened={opened}
      onChange={onOpen}
      trapFocus
      returnFocus
      position="bottom-end"
      // Mantine's roles would name the dialog by its button ("Choose ..."): it is "<field>: calendar",
      // as the other pickers' (axe aria-dialog-name); a11y.css's calendar colours key on data-dates-dropdown
      withRoles={false}
      attributes={{
        dropdown: { role: "dialog", "aria-label": `${label}: calendar`, "data-dates-dropdown": true },
      }}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Choose ${label} in the calendar`}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => onOpen(!opened)}
        >
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>{children}</Popover.Dropdown>
    </Popover>
  );
}
