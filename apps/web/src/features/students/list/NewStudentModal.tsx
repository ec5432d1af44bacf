import { Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { EMAIL_MAX, STUDENT_NAME_MAX, STUDENT_TEXT_MAX } from "@rollbook/domain";
import { useState } from "react";
import { execute } from "../../../lib/graphql.ts";
import { RequestError } from "../../../lib/http.ts";
import { FormField } from "../../../ui/form/FormField.tsx";
import { FormModal } from "../../../ui/form/FormModal.tsx";
import { emailRule, maxLength, type Rule, required } from "../../../ui/form/rules.ts";
import { inWords } from "../../../ui/form/server-errors.ts";
import { type FieldState, useField, validateAll } from "../../../ui/form/useField.ts";
import { CreateStudentDocument } from "./mutations.ts";

export interface CreatedStudent {
  id: number;
  uuid: string;
  name: string;
}

const PHONE_RULE: Rule<string> = {
  message: "Phone must have 10 digits",
  trigger: "blur",
  validate: (v) => {
    const d = v.replace(/\D/g, "");
    return d.length === 10 || (d.length === 11 && d.startsWith("1"));
  },
};

const blank = (v: string) => (v.trim() === "" ? undefined : v.trim());

/** "New participant": first and last name required, e-mail and phone checked; the server's field errors land on the field. */
export function NewStudentModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (student: CreatedStudent) => void;
}) {
  // the server's limits (domain, decision 0600): every field at fault says so at once, not one a save
  const first = useField<string>("", [required("First name"), maxLength("First name", STUDENT_NAME_MAX)]);
  const last = useField<string>("", [required("Last name"), maxLength("Last name", STUDENT_NAME_MAX)]);
  const preferred = useField("", [maxLength("Preferred name", STUDENT_NAME_MAX)]);
  const email = useField("", [maxLength("E-mail", EMAIL_MAX), emailRule("E-mail")]);
  const phone = useField("", [PHONE_RULE]);
  const identifier = useField("", [maxLength("School ID", STUDENT_TEXT_MAX)]);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** The fields' labels, for the server's field errors ("school_identifier is ..." -> "School ID is ..."). */
  const labels: Record<string, string> = {
    first_name: "First name",
    last_name: "Last name",
    preferred_name: "Preferred name",
    email: "E-mail",
    phone: "Phone",
    school_identifier: "School ID",
  };
  const fields: Record<string, FieldState<string>> = {
    first_name: first,
    last_name: last,
    preferred_name: preferred,
    email,
    phone,
    school_identifier: identifier,
  };

  const close = () => {
    for (const f of Object.values(fields)) f.reset("");
    setFormError(null);
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!(await validateAll(Object.values(fields)))) return;
    setBusy(true);
    try {
      const r = await execute(CreateStudentDocument, {
        first_name: first.value.trim(),
        last_name: last.value.trim(),
        preferred_name: blank(preferred.value),
        email: blank(email.value),
        phone: blank(phone.value),
        school_identifier: blank(identifier.value),
      });
      const name = `${first.value.trim()} ${last.value.trim()}`;
      for (const f of Object.values(fields)) f.reset("");
      onCreated({ id: r.createStudent.id, uuid: r.createStudent.uuid, name });
    } catch (err) {
      let placed = false;
      if (err instanceof RequestError) {
        for (const [key, messages] of Object.entries(err.errors)) {
          const field = fields[key];
          if (field && messages[0]) {
            field.setError(inWords(key, labels[key] ?? key, messages[0]));
            if (!placed) field.inputRef.current?.focus();
            placed = true;
          }
        }
      }
      if (!placed) setFormError(err instanceof Error ? err.message : "The participant could not be created.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="New participant"
      size="lg"
      unsaved={!busy && Object.values(fields).some((f) => f.value.trim() !== "") ? "the new participant" : null}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FormField field={first} label="First name" required autoComplete="off" />
            <FormField field={last} label="Last name" required autoComplete="off" />
            <FormField field={preferred} label="Preferred name" autoComplete="off" />
            <FormField field={email} label="E-mail" type="email" autoComplete="off" />
            <FormField field={phone} label="Phone" autoComplete="off" />
            <FormField field={identifier} label="School ID" autoComplete="off" />
          </SimpleGrid>
          {formError && (
            <Text role="alert" c="red.9" size="sm">
              {formError}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            {/* no blur before the click: a field's message appearing on blur would move the button away */}
            <Button type="submit" loading={busy} onMouseDown={(e) => e.preventDefault()}>
              Create participant
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
