import { type RefObject, useEffect, useRef } from "react";

/** Marks a DateField's box whose typed text is no date it can take: the first one takes focus. */
export const DATE_FAULT = "data-date-fault";

/**
 * Dispatched (bubbling) on a form whose submit a typed box held, once per submit: the form's own
 * checks run on it (use-record-form's useHeldChecks), so every field's error shows at once, while
 * nothing is saved (decision 0590).
 */
export const HELD_SUBMIT = "rollbook:held-submit";
const told = new WeakSet<Event>();

/**
 * Runs `run` when a typed box holds the submit of a form `isMine` recognises: the form's own
 * checks, shown beside the date's fault. Nothing is saved: the submit stays held.
 */
export function useHeldChecks(isMine: (form: HTMLFormElement) => boolean, run: () => void) {
  const latest = useRef({ isMine, run });
  latest.current = { isMine, run };
  useEffect(() => {
    const onHeld = (event: Event) => {
      if (event.target instanceof HTMLFormElement && latest.current.isMine(event.target)) latest.current.run();
    };
    document.addEventListener(HELD_SUBMIT, onHeld);
    return () => document.removeEventListener(HELD_SUBMIT, onHeld);
  }, []);
}

/**
 * While the box holds typed text that is no date it can take (its value is then null), its form
 * does not submit: an optional date would be saved as none and what was typed lost (decision
 * 0588). A native listener on the form runs before React's, which listens at the root, so it
 * holds the submit however it comes (the submit button, Enter in any box) and whatever the
 * form's own handler does, for every form the field is put in. `onHeld` shows the field's
 * error; focus goes to the form's first such box. Only propagation stops: every typed box's
 * listener on the form still runs, so each shows its own error, and the form's own checks run on
 * HELD_SUBMIT. A listener rather than a rule of the Mantine form: decision 0590 says why.
 */
export function useHeldSubmit(input: RefObject<HTMLInputElement | null>, fault: boolean, onHeld: () => void) {
  const latest = useRef({ fault, onHeld });
  latest.current = { fault, onHeld };
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const hold = (event: Event) => {
      if (!latest.current.fault) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current.onHeld();
      // the form's own checks show too (every typed box holds: only the first one tells)
      if (!told.has(event)) {
        told.add(event);
        form.dispatchEvent(new Event(HELD_SUBMIT, { bubbles: true }));
      }
      form.querySelector<HTMLElement>(`[${DATE_FAULT}]`)?.focus();
    };
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, [input]);
}
