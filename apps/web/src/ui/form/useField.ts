import { useField as useMantineField } from "@mantine/form";
import { useCallback, useRef, useState } from "react";
import { type FieldStatus, firstFailure, hasChecks, isEmpty, type Rule, runsOn, type Trigger } from "./rules.ts";

export interface FieldState<V> {
  value: V;
  status: FieldStatus;
  error: string | null;
  setValue: (value: V) => void;
  onBlur: () => void;
  /** Runs every rule (on submit); resolves true when the field is valid. */
  validate: () => Promise<boolean>;
  /** Shows a message from the server for this field. */
  setError: (message: string | null) => void;
  reset: (value?: V) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}

/**
 * One form field's value and state, on @mantine/form's useField (value, error, isValidating):
 * none until a rule has run, validating while a check is pending, then error (with the first
 * failing message) or success. Rules run on their trigger (change or blur) and all of them on
 * submit; a stale check never overwrites a newer one.
 */
export function useField<V = string>(initial: NoInfer<V>, rules: readonly Rule<V>[] = []): FieldState<V> {
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const inputRef = useRef<HTMLInputElement>(null);
  const initialRef = useRef(initial);
  // Mantine's useField knows neither triggers nor stale checks: the trigger is handed to the one
  // validate function through a ref, and every pending check resolves only when the latest one
  // settles, with its answer (Mantine sets the error and isValidating from each resolution)
  const trigger = useRef<Trigger | "submit">("submit");
  const seq = useRef(0);
  const pending = useRef<((failure: string | null) => void)[]>([]);
  const own = useRef<Promise<string | null> | string | null>(null);
  const [passed, setPassed] = useState(false);
  const settle = useCallback((failure: string | null, ran = true) => {
    setPassed(ran && failure === null);
    for (const resolve of pending.current.splice(0)) resolve(failure);
  }, []);

  const field = useMantineField<V>({
    initialValue: initial,
    // a blur rule's message stays while typing, until the field is left
    clearErrorOnChange: false,
    // read once by Mantine: refs only
    validate: (v) => {
      const t = trigger.current;
      const active = rulesRef.current;
      const mine = ++seq.current;
      if (!hasChecks(active, t)) {
        // only "required" rules: answered at once, no validating state
        const failure = active.find((r) => r.required && isEmpty(v) && runsOn(r as Rule<unknown>, t))?.message ?? null;
        own.current = failure;
        settle(failure);
        return failure;
      }
      const check = firstFailure(active, v, t);
      own.current = check;
      void check.then((failure) => mine === seq.current && settle(failure));
      return new Promise<string | null>((resolve) => pending.current.push(resolve));
    },
  });
  const fieldRef = useRef(field);
  fieldRef.current = field;

  const run = useCallback(async (t: Trigger | "submit"): Promise<boolean> => {
    if (!rulesRef.current.some((r) => runsOn(r as Rule<unknown>, t))) return true;
    trigger.current = t;
    void fieldRef.current.validate();
    return (await own.current) === null;
  }, []);

  const setValue = useCallback(
    (v: V) => {
      fieldRef.current.setValue(v);
      void run("change");
    },
    [run],
  );

  const onBlur = useCallback(() => void run("blur"), [run]);

  const validate = useCallback(() => run("submit"), [run]);

  const setError = useCallback(
    (message: string | null) => {
      seq.current++;
      fieldRef.current.setError(message);
      settle(message, false);
    },
    [settle],
  );

  const reset = useCallback(
    (v: V = initialRef.current) => {
      fieldRef.current.setValue(v);
      setError(null);
    },
    [setError],
  );

  const error = (field.error as string | null) ?? null;
  const validating = field.isValidating && pending.current.length > 0;
  const status: FieldStatus = validating ? "validating" : error ? "error" : passed ? "success" : "none";
  return { value: field.getValue(), status, error, setValue, onBlur, validate, setError, reset, inputRef };
}

/** Validates fields in order; focuses the first invalid one. */
export async function validateAll(fields: readonly FieldState<any>[]): Promise<boolean> {
  const results = await Promise.all(fields.map((f) => f.validate()));
  const firstBad = results.findIndex((ok) => !ok);
  if (firstBad >= 0) fields[firstBad]?.inputRef.current?.focus();
  return firstBad < 0;
}

/**
 * Puts the server's field errors (`{ field: [messages] }`) on the matching fields, as
 * "<Label> <message>"; returns whether any field took one.
 */
export function applyFieldErrors(
  errors: Record<string, string[]>,
  fields: Record<string, { field: FieldState<any>; label: string }>,
): boolean {
  let applied = false;
  for (const [key, messages] of Object.entries(errors)) {
    const target = fields[key];
    const first = messages[0];
    if (!target || !first) continue;
    target.field.setError(`${target.label} ${first}`);
    if (!applied) target.field.inputRef.current?.focus();
    applied = true;
  }
  return applied;
}
