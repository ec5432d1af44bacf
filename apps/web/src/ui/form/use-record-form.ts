import { type UseFormReturnType, useForm } from "@mantine/form";
import { type FormEvent, useRef, useState } from "react";
import { useHeldChecks } from "../dates/use-held-submit.ts";
import { type Errors, firstError, serverErrors } from "./server-errors.ts";
import { useUnsavedChanges } from "./unsaved-changes.tsx";

export interface RecordFormOptions<V extends object, K extends keyof V & string> {
  /** Names the form's inputs (data-path) so two forms on one page never focus each other's fields. */
  name: string;
  initialValues: V;
  /** The client's checks, pure (each form's `*-form.ts`): field -> message. */
  validate: (values: V) => Errors<K>;
  /** The fields in screen order: the first at fault takes focus. */
  order: readonly K[];
  /** The fields' labels, to word the server's field errors ("Name: ..."). */
  labels: Record<K, string>;
  /** Server field names that mean one of the form's fields. */
  aliases?: Partial<Record<string, K>>;
  /** For a form without an alert: a refusal that names none of its fields is said here (a notification) instead of `formError`. */
  onUnnamed?: (message: string) => void;
  /**
   * What the form's edits are, in a sentence ("the school's settings"): leaving the page or its
   * tab with edits not saved then asks first (useUnsavedChanges). A form that stays open after a
   * save calls `form.resetDirty()` once saved, so the saved values count as unchanged.
   */
  unsaved?: string;
}

export interface RecordForm<V extends object> {
  /** @mantine/form's form: `form.getInputProps(field)`, `form.values`, `form.setFieldValue`... */
  form: UseFormReturnType<V>;
  /** A refusal that named no field of the form, for an Alert. */
  formError: string | null;
  /** true while the save runs. */
  busy: boolean;
  /** The form's onSubmit: checks, then saves; a refusal naming a field lands on it, focused. */
  submit: (save: (values: V) => Promise<void>) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Back to `values` (else the initial ones) with nothing shown: the checks wait for the next submit. */
  reset: (values?: V) => void;
}

/**
 * A record's form (a team, an event, a location...) on @mantine/form: the client's checks run on
 * submit and then on every change, so a fixed field clears at once; the server's field errors
 * land on their field in the field's words; the first field at fault takes focus. Bind each input
 * with `form.getInputProps(field)` (it carries the value, the error and the data-path focus uses).
 */
export function useRecordForm<V extends object, K extends keyof V & string>(
  opts: RecordFormOptions<V, K>,
): RecordForm<V> {
  const checked = useRef(false);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<V>({
    name: opts.name,
    mode: "controlled",
    initialValues: opts.initialValues,
    validate: (values) => optsRef.current.validate(values),
    // once shown, the checks follow every change (not only the changed field: one may depend on another)
    onValuesChange: (values) => {
      if (checked.current) form.setErrors(optsRef.current.validate(values));
    },
  });

  // while a save runs the edits are on their way: a page that moves on once saved is not held up
  useUnsavedChanges(opts.unsaved !== undefined && !form.submitting && form.isDirty(), opts.unsaved ?? "");

  // a submit a typed date box held (decision 0590): the form's own checks show too, nothing is
  // saved, and focus stays on the date box at fault
  useHeldChecks(
    (element) => optsRef.current.order.some((k) => (form.getInputNode(k) as HTMLInputElement | null)?.form === element),
    () => {
      checked.current = true;
      setFormError(null);
      form.validate();
    },
  );

  const focus = (errors: Errors<K>) => {
    const k = firstError(optsRef.current.order, errors);
    if (k) form.getInputNode(k)?.focus();
  };

  const submit = (save: (values: V) => Promise<void>) => (event?: FormEvent<HTMLFormElement>) => {
    checked.current = true;
    setFormError(null);
    form.onSubmit(
      async (values) => {
        try {
          await save(values as V);
          // saved: the form is clean again, checked on the next submit (a form that stays open)
          checked.current = false;
        } catch (err) {
          const { fields, rest } = serverErrors(err, optsRef.current.labels, optsRef.current.aliases);
          form.setErrors(fields);
          if (rest !== null && optsRef.current.onUnnamed) optsRef.current.onUnnamed(rest);
          else setFormError(rest);
          focus(fields);
        }
      },
      (errors) => focus(errors as Errors<K>),
    )(event);
  };

  const reset = (values?: V) => {
    checked.current = false;
    setFormError(null);
    if (values) form.setInitialValues(values);
    form.reset();
    if (values) form.setValues(values);
  };

  return { form, formError, busy: form.submitting, submit, reset };
}
