import { Button, Group, NativeSelect, SimpleGrid, Stack, Title } from "@mantine/core";
import {
  birthDateProblem,
  formatPhone,
  localDate,
  STUDENT_AGE_MAX,
  STUDENT_NAME_MAX,
  STUDENT_TEXT_MAX,
} from "@rollbook/domain";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import type { StudentDetailUpdateMutationVariables } from "../../../gql/graphql.ts";
import { execute } from "../../../lib/graphql.ts";
import { RequestError } from "../../../lib/http.ts";
import { formatDate, parseDate } from "../../../ui/dates/date-format.ts";
import { FormField } from "../../../ui/form/FormField.tsx";
import { emailRule, maxLength, type Rule, required } from "../../../ui/form/rules.ts";
import { useUnsavedChanges } from "../../../ui/form/unsaved-changes.tsx";
import { type FieldState, useField, validateAll } from "../../../ui/form/useField.ts";
import { notify } from "../../../ui/notify.tsx";
import { isPhone, labelServerMessage } from "./field-errors.ts";
import { UpdateStudentDocument, useStudentMutation } from "./queries.ts";
import type { StudentDetail, StudentFields } from "./types.ts";

type TextKey = Exclude<keyof StudentFields, "is_veteran">;

interface FieldSpec {
  key: TextKey;
  label: string;
  /** Demographic: only with view_information. */
  info: boolean;
  type?: "text" | "email";
  description?: string;
  rules: Rule<string>[];
}

/**
 * A date of birth by the server's rule (the domain's `birthDateProblem`): a real date before the
 * school's today, on the school's clock (not UTC's date nor the browser's: near midnight they are
 * another day). The message names the school's today, the day the check was made against.
 */
function birthDateRule(timeZone: string): Rule<string> {
  return {
    message: "Date of birth must be a real date (MM/DD/YYYY) in the past",
    validate: (v) => {
      const iso = parseDate(v);
      if (iso === null) return false;
      const today = localDate(new Date(), timeZone);
      if (!birthDateProblem(iso, today)) return true;
      if (iso >= today) return `Date of birth must be in the past (the school's today is ${formatDate(today)})`;
      return "Date of birth must be 01/01/1900 or later";
    },
  };
}

/** The fields, always in this order; the date of birth is checked on the school's clock. */
const specs = (timeZone: string): readonly FieldSpec[] => [
  { key: "first_name", label: "First name", info: false, rules: [required("First name")] },
  { key: "last_name", label: "Last name", info: false, rules: [required("Last name")] },
  { key: "preferred_name", label: "Preferred name", info: false, rules: [] },
  { key: "email", label: "E-mail", info: false, type: "email", rules: [emailRule("E-mail")] },
  {
    key: "phone",
    label: "Phone",
    info: false,
    description: "10 digits, e.g. (123) 456-7890",
    rules: [{ message: "Phone must be 10 digits, e.g. (123) 456-7890", validate: isPhone }],
  },
  { key: "school_identifier", label: "School identifier", info: false, rules: [] },
  {
    key: "age",
    label: "Age",
    info: true,
    rules: [
      {
        message: `Age must be a whole number from 0 to ${STUDENT_AGE_MAX}`,
        validate: (v) => /^\d{1,3}$/.test(v.trim()) && Number(v) <= STUDENT_AGE_MAX,
      },
    ],
  },
  {
    key: "date_of_birth",
    label: "Date of birth",
    info: true,
    description: "MM/DD/YYYY",
    rules: [birthDateRule(timeZone)],
  },
  { key: "pid_number", label: "PID number", info: true, rules: [] },
  {
    key: "zip",
    label: "ZIP code",
    info: true,
    rules: [{ message: "ZIP code must be 5 digits (or 5+4)", validate: (v) => /^\d{5}(-\d{4})?$/.test(v.trim()) }],
  },
  { key: "housing", label: "Housing", info: true, rules: [] },
  { key: "employment", label: "Employment", info: true, rules: [] },
  { key: "gender", label: "Gender", info: true, rules: [] },
  { key: "sex", label: "Sex", info: true, rules: [] },
  { key: "sexual_identity", label: "Sexual identity", info: true, rules: [] },
  { key: "race", label: "Race", info: true, rules: [] },
];

const NAMES: readonly TextKey[] = ["first_name", "last_name", "preferred_name"];

/** Every field also gets the domain's length limit. */
const fieldsIn = (timeZone: string): readonly FieldSpec[] =>
  specs(timeZone).map((f) =>
    f.key === "age" || f.key === "date_of_birth"
      ? f
      : { ...f, rules: [...f.rules, maxLength(f.label, NAMES.includes(f.key) ? STUDENT_NAME_MAX : STUDENT_TEXT_MAX)] },
  );

/** A stored value as the form shows it. */
function shown(student: StudentDetail, key: TextKey): string {
  const v = student[key];
  if (v === null || v === undefined) return "";
  if (key === "date_of_birth") return formatDate(String(v));
  if (key === "phone") return formatPhone(String(v));
  return String(v);
}

/** The form's text back to the call's value. */
function sent(key: TextKey, text: string): string | number | null {
  const t = text.trim();
  if (t === "") return key === "first_name" || key === "last_name" ? t : null;
  if (key === "age") return Number(t);
  if (key === "date_of_birth") return parseDate(t);
  if (key === "phone") return t.replace(/\D/g, "");
  return t;
}

const veteranText = (v: boolean | null) => (v === null ? "" : v ? "yes" : "no");

/**
 * Edits the participant (updateStudent, create_participant): name and contact for everyone who
 * may, the demographic fields too with view_information. Client rules run on blur and submit;
 * the server's field errors land on their field. `timeZone` is the school's: a date of birth must
 * be before the school's today, as the server checks it.
 */
export function EditStudentForm({
  student,
  timeZone,
  withInfo,
  onDone,
}: {
  student: StudentDetail;
  timeZone: string;
  withInfo: boolean;
  onDone: () => void;
}) {
  const specList = useMemo(() => fieldsIn(timeZone), [timeZone]);
  // one useField per field, always in the same order (the list's order never changes)
  const fields = specList.map((spec) => ({
    spec,
    // biome-ignore lint/correctness/useHookAtTopLevel: the list's length and order are fixed, so the hook order never changes
    field: useField<string>(shown(student, spec.key), spec.rules),
  }));
  const [veteran, setVeteran] = useState(veteranText(student.is_veteran));
  // opened by "Edit participant", which it replaces: focus starts on the first field, not on <body>
  const firstInput = fields[0]?.field.inputRef;
  useEffect(() => firstInput?.current?.focus(), [firstInput]);
  const save = useStudentMutation(student.uuid, (vars: StudentDetailUpdateMutationVariables) =>
    execute(UpdateStudentDocument, vars),
  );
  const visible = fields.filter((f) => withInfo || !f.spec.info);
  const changed =
    visible.some((f) => f.field.value !== shown(student, f.spec.key)) ||
    (withInfo && veteran !== veteranText(student.is_veteran));
  useUnsavedChanges(changed && !save.isPending, "the participant's information");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await validateAll(visible.map((f) => f.field as FieldState<string>)))) return;
    const values: Record<string, unknown> = {};
    for (const f of visible) values[f.spec.key] = sent(f.spec.key, f.field.value);
    if (withInfo) values.is_veteran = veteran === "" ? null : veteran === "yes";
    const vars = { ...values, id: student.id } as StudentDetailUpdateMutationVariables;
    try {
      await save.mutateAsync(vars);
      notify.success("The participant was saved.");
      onDone();
    } catch (err) {
      const errors = err instanceof RequestError ? err.errors : {};
      let placed = false;
      for (const [key, messages] of Object.entries(errors)) {
        const target = visible.find((f) => f.spec.key === key);
        const first = messages[0];
        if (!target || !first) continue;
        target.field.setError(labelServerMessage(key, target.spec.label, first));
        if (!placed) target.field.inputRef.current?.focus();
        placed = true;
      }
      if (!placed) notify.error(err instanceof Error ? err.message : String(err));
    }
  };

  const group = (info: boolean) =>
    visible
      .filter((f) => f.spec.info === info)
      .map((f) => (
        <FormField
          key={f.spec.key}
          field={f.field}
          label={f.spec.label}
          type={f.spec.type}
          required={f.spec.rules.some((r) => r.required)}
          description={f.spec.description}
        />
      ));

  return (
    <form onSubmit={submit} noValidate aria-label="Edit participant">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {group(false)}
        </SimpleGrid>
        {withInfo && (
          <>
            <Title order={4} size="h5">
              Demographics
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {group(true)}
              <NativeSelect
                label="Veteran"
                value={veteran}
                onChange={(e) => setVeteran(e.currentTarget.value)}
                data={[
                  { value: "", label: "Not known" },
                  { value: "yes", label: "Yes" },
                  { value: "no", label: "No" },
                ]}
              />
            </SimpleGrid>
          </>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={onDone} type="button">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
