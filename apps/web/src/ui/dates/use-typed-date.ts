import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { formatDate } from "./date-format.ts";
import { isWholeDate, type TypedRead } from "./typed-date.ts";
import { DATE_FAULT, useHeldSubmit } from "./use-held-submit.ts";

/**
 * One typed date box (decision 0588), shared by DateField and each end of DateRangeField: the text
 * typed, what it reads as (`read`: its date, or why it cannot be taken, in the box's name), the
 * error shown once the date is whole, the box is left or Enter is pressed, and the form's submit
 * held while the text is at fault. A value set from outside (a reset, another field) replaces the
 * text; the one the box sent (`sent`) leaves what was typed as it is.
 */
export function useTypedDate(value: string | null, read: (text: string) => TypedRead) {
  const [text, setText] = useState(() => formatDate(value));
  const [left, setLeft] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) setText(formatDate(value));
    emitted.current = value;
  }, [value]);

  const now = read(text);
  useHeldSubmit(box, now.error !== null, () => setLeft(true));

  return {
    text,
    /** The date the text reads as: null for none, or for a text at fault. */
    value: now.value,
    /** Why the text cannot be taken, shown or not. */
    fault: now.error,
    /** The fault, once it is time to say it (else null: the caller's own error may show). */
    shown: now.error && (left || isWholeDate(text)) ? now.error : null,
    /** New text typed into the box: the date it reads as, to send. */
    type: (next: string) => {
      setText(next);
      setLeft(false);
      return read(next).value;
    },
    /** A day picked in the calendar (or none) fills the box. */
    fill: (day: string | null) => {
      setText(formatDate(day));
      setLeft(false);
    },
    /** The value this box sent up, so that its coming back does not replace the text. */
    sent: (next: string | null) => {
      emitted.current = next;
    },
    /** The text box's own props; `onBlur` is the caller's (a form's touch). */
    boxProps: (onBlur?: (event: FocusEvent<HTMLInputElement>) => void) => ({
      ref: box,
      value: text,
      autoComplete: "off",
      [DATE_FAULT]: now.error === null ? undefined : true,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        setLeft(true);
        onBlur?.(event);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        // say why at once, in a form without a submit button too; a submit it starts is held
        if (event.key === "Enter" && now.error) setLeft(true);
      },
    }),
  };
}
