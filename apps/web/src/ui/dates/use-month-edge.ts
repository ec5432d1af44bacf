import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { dayStep, pickable, sameMonth, stepTo } from "./month-edge.ts";

interface Bounds {
  minDate?: string;
  maxDate?: string;
  excludeDate?: (iso: string) => boolean;
}

/**
 * Arrow keys that leave the month shown turn the calendar (decision 0588): Mantine moves focus only
 * among the days of the month drawn and stops at its edge, and turns months only with its arrow
 * buttons. From a day, a key whose day (see month-edge) is in another month sets the calendar's
 * month through its controlled `date`, and once that month is drawn focus goes to the day.
 * PageUp/PageDown (Shift: a year) always do. Spread the result on a Mantine picker or calendar;
 * call `reset` when its dropdown opens, so it opens on its value's month again.
 */
export function useMonthEdge(bounds: Bounds) {
  // undefined: the calendar keeps its own month (its value's, or today's), until a key turns it
  const [shown, setShown] = useState<string | undefined>(undefined);
  const pending = useRef<{ day: string; calendar: Element } | null>(null);

  // after each render: once the turned month is drawn, its day takes focus
  useEffect(() => {
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    next.calendar.querySelector<HTMLElement>(`button[data-date="${next.day}"]:not([data-outside])`)?.focus();
  });

  const onKeyDown = (day: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // Ctrl+arrows: Mantine's year
    const step = dayStep(event.key, event.shiftKey);
    const calendar = event.currentTarget.closest("[data-calendar]");
    if (!step || !calendar || event.currentTarget.hasAttribute("data-outside")) return;
    const target = stepTo(day, step, pickable(bounds));
    // within the month Mantine moves focus itself
    if (!target || sameMonth(target, day)) return;
    event.preventDefault();
    pending.current = { day: target, calendar };
    setShown(target);
  };

  return {
    date: shown,
    onDateChange: setShown,
    getDayProps: (day: string) => ({ "data-date": day, onKeyDown: onKeyDown(day) }),
    reset: () => setShown(undefined),
  };
}
