import { DateTimePicker, MonthPickerInput } from "@mantine/dates";
import "@mantine/dates/styles.css";
import { pickerA11y } from "./calendar-a11y.ts";
import type { Common } from "./DateField.tsx";
import { DATETIME_FORMAT, FIRST_DAY_OF_WEEK, MONTH_FORMAT, onlyDates } from "./date-format.ts";
import { useMonthEdge } from "./use-month-edge.ts";

export { DateField } from "./DateField.tsx";
export { DateRangeField } from "./DateRangeField.tsx";

/**
 * The picker's a11y props (calendar-a11y) with arrow keys that turn its month at the edge: its
 * popover, when it opens, lets the calendar open on its value's month again.
 */
function usePickerKeys(props: Common, excludeDate?: (iso: string) => boolean) {
  const a11y = pickerA11y(props.label);
  const { reset, ...edge } = useMonthEdge({ minDate: props.minDate, maxDate: props.maxDate, excludeDate });
  return { ...a11y, ...edge, popoverProps: { ...a11y.popoverProps, onOpen: reset } };
}

/** A month (month mode), shown MM/YYYY; the value is the month's first day "YYYY-MM-01". */
export function MonthField(props: Common & { value: string | null; onChange: (value: string | null) => void }) {
  const { availableDates: _ignored, error, ...rest } = props;
  return (
    <MonthPickerInput
      {...rest}
      {...pickerA11y(props.label)}
      error={error ?? undefined}
      valueFormat={MONTH_FORMAT}
      placeholder={props.placeholder ?? MONTH_FORMAT}
    />
  );
}

/**
 * A day and a time (the datetime type), shown MM/DD/YYYY hh:mm AM/PM; the value is "YYYY-MM-DD
 * HH:mm:ss". Picked only (decision 0588): Mantine's typed DateInput with time has no time picker.
 */
export function DateTimeField(props: Common & { value: string | null; onChange: (value: string | null) => void }) {
  const { availableDates, error, ...rest } = props;
  const excludeDate = onlyDates(availableDates);
  return (
    <DateTimePicker
      {...rest}
      {...usePickerKeys(props, excludeDate)}
      error={error ?? undefined}
      valueFormat={DATETIME_FORMAT}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      placeholder={props.placeholder ?? DATETIME_FORMAT}
      excludeDate={excludeDate}
    />
  );
}
