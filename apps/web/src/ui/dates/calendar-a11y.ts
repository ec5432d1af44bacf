/**
 * The calendar's arrows have no text: these name them for screen readers. The level buttons
 * ("November 2026", "2026") keep their own words as their name: a name that leaves them out
 * ("Choose a month") broke axe's label-content-name-mismatch once the calendar was open.
 */
export const CALENDAR_LABELS = {
  nextMonth: "Next month",
  previousMonth: "Previous month",
  nextYear: "Next year",
  previousYear: "Previous year",
  nextDecade: "Next decade",
  previousDecade: "Previous decade",
};

/**
 * The clear button is an icon: it takes the field's name ("Clear Dates"); the placeholder of
 * these button-like inputs is text on the page, so it gets the dimmed colour (AA contrast).
 * Mantine's picker inputs set their popover's `returnFocus` to false: once a day is picked (Enter
 * on it) the dropdown unmounts with the focused day, and focus fell to <body>, sending a keyboard
 * user back to the top of the page. With it, focus goes back to the field that opened the calendar.
 */
export const pickerA11y = (label: string) => ({
  ariaLabels: CALENDAR_LABELS,
  onLevelChange: keepFocusInCalendar,
  clearButtonProps: { "aria-label": `Clear ${label}` },
  styles: { placeholder: { color: "var(--mantine-color-dimmed)" } },
  // the calendar's dropdown is a dialog, which needs a name (axe aria-dialog-name)
  popoverProps: { returnFocus: true, attributes: { dropdown: { "aria-label": `${label}: calendar` } } },
});

/**
 * Enter on the calendar's month heading ("Choose a month") shows the months, and Enter on a month
 * its days, but the control that had focus goes with the level it belonged to, and focus fell to
 * <body>: Escape no longer closed the calendar, and Tab began at the top of the page. After the
 * new level is drawn, focus goes to its cell in the tab order (the month or day the calendar is
 * on), else its first day that can be picked, else its heading (decision 0587).
 */
export function keepFocusInCalendar() {
  const calendar = document.activeElement?.closest<HTMLElement>("[data-calendar]");
  if (!calendar) return;
  requestAnimationFrame(() => {
    const focused = calendar.ownerDocument.activeElement;
    if (focused && focused !== calendar.ownerDocument.body && focused.isConnected) return;
    // a day of the month before or after, drawn to fill the grid, is not the calendar's month
    const target =
      calendar.querySelector<HTMLElement>('table button[tabindex="0"]:not([data-outside])') ??
      calendar.querySelector<HTMLElement>("table button:not([data-outside]):not([data-disabled]):not(:disabled)") ??
      calendar.querySelector<HTMLElement>('[class*="calendarHeaderLevel"][tabindex="0"]');
    target?.focus();
  });
}
