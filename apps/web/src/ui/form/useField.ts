import { useCallback, useRef, useState } from "react";
import { type FieldStatus, firstFailure, hasChecks, type Rule, runsOn, statusAfter, type Trigger } from "./rules.ts";

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
 * One form field's value and state: none until a rule has run, validating while a check is
 * pending, then error (with the first failing message) or success. Rules run on their trigger
 * (change or blur) and all of them on submit; a stale check never overwrites a newer one.
 */
export function useField<V = string>(initial: NoInfer<V>, rules: readonly Rule<V>[] = []): FieldState<V> {
  const [value, setRawValue] = useState<V>(initial);
  const [status, setStatus] = useState<FieldStatus>("none");
  const [error, setErrorText] = useState<string | null>(null);
  const seq = useRef(0);
  const valueRef = useRef(value);
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const inputRef = useRef<HTMLInputElement>(null);
  const initialRef = useRef(initial);

  const run = useCallback(async (trigger: Trigger | "submit", v: V): Promise<boolean> => {
    const active = rulesRef.current;
    if (!active.some((r) => runsOn(r as Rule<unknown>, trigger))) return true;
    const mine = ++seq.current;
    if (hasChecks(active, trigger)) setStatus("validating");
    const failure = await firstFailure(active, v, trigger);
    if (mine !== seq.current) return failure === null;
    setErrorText(failure);
    setStatus(statusAfter(failure));
    return failure === null;
  }, []);

  const setValue = useCallback(
    (v: V) => {
      valueRef.current = v;
      setRawValue(v);
      void run("change", v);
    },
    [run],
  );

  const onBlur = useCallback(() => {
    void run("blur", valueRef.current);
  }, [run]);

  const validate = useCallback(() => run("submit", valueRef.current), [run]);

  const setError = useCallback((message: string | null) => {
    seq.current++;
    setErrorText(message);
    setStatus(message ? "error" : "none");
  }, []);

  const reset = useCallback((v: V = initialRef.current) => {
    seq.current++;
    valueRef.current = v;
    setRawValue(v);
    setErrorText(null);
    setStatus("none");
  }, []);

  return { value, status, error, setValue, onBlur, validate, setError, reset, inputRef };
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
