import { useState } from "react";
import { CALENDAR_LABELS, keepFocusInCalendar } from "./calendar-a11y.ts";
import { FIRST_DAY_OF_WEEK, onlyDates } from "./date-format.ts";
import type { TypedBounds } from "./typed-date.ts";
import { useMonthEdge } from "./use-month-edge.ts";

/**
 * The calendar a CalendarButton opens, for DateField and DateRangeField: whether it is open, and
 * the props of its Mantine DatePicker (spread them): its buttons' names, focus kept on a level
 * change, the field's bounds, and arrow keys that turn its month (reset when it opens, so it
 * opens on its value's month again), and Escape that closes the calendar and nothing around it.
 */
export function useDayCalendar({ minDate, maxDate, availableDates }: TypedBounds) {
  const [opened, setOpened] = useState(false);
  const excludeDate = onlyDates(availableDates);
  const edge = useMonthEdge({ minDate, maxDate, excludeDate });
  return {
    opened,
    open: (next: boolean) => {
      if (next) edge.reset();
      setOpened(next);
    },
    picker: {
      ariaLabels: CALENDAR_LABELS,
      firstDayOfWeek: FIRST_DAY_OF_WEEK,
      onLevelChange: keepFocusInCalendar,
      minDate,
      maxDate,
      excludeDate,
      date: edge.date,
      onDateChange: edge.onDateChange,
      getDayProps: edge.getDayProps,
      // Escape in the calendar closes the calendar only: a dialog around the field (New course)
      // skips an Escape whose target carries data-mantine-stop-propagation, which this sets on
      // every day, month, year and header button
      __stopPropagation: true,
    },
  };
}
