import { Button, Group, NativeSelect, SimpleGrid, Text, TextInput } from "@mantine/core";
import { TIME_ZONES } from "@rollbook/domain";
import { type FormEvent, useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { DetailSection } from "../../ui/detail/DetailSection.tsx";
import { serverErrors } from "../../ui/form/server-errors.ts";
import { notify } from "../../ui/notify.tsx";
import { CreateSchoolDocument } from "./queries.ts";

const LABELS = { name: "School name", timezone: "Time zone" } as const;

/** Role 1 only: a new school, reached afterwards with the school switcher. */
export function CreateSchoolForm() {
  const [name, setName] = useState("");
  const [timezone, setTimezone] = useState<string>(TIME_ZONES[0].value);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof LABELS, string>>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: "School name is required" });
    setErrors({});
    setBusy(true);
    try {
      const r = await execute(CreateSchoolDocument, { name, timezone });
      notify.success(`${r.createSchool.name} was created: switch to it with the school switcher.`);
      setName("");
    } catch (err) {
      const { fields, rest } = serverErrors(err, LABELS);
      setErrors(fields);
      if (rest) notify.error(rest);
    } finally {
      setBusy(false);
    }
  };
  return (
    <DetailSection title="New school">
      <Text size="sm" c="dimmed" mb="sm">
        Master admins only. The new school starts with the default rules.
      </Text>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create a school">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={LABELS.name}
            value={name}
            error={errors.name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <NativeSelect
            label={LABELS.timezone}
            value={timezone}
            error={errors.timezone}
            onChange={(e) => setTimezone(e.currentTarget.value)}
            data={TIME_ZONES.map((z) => ({ value: z.value, label: z.label }))}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" loading={busy}>
            Create school
          </Button>
        </Group>
      </form>
    </DetailSection>
  );
}
