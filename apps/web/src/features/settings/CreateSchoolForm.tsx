import { Button, Group, NativeSelect, SimpleGrid, Text, TextInput } from "@mantine/core";
import { TIME_ZONES } from "@rollbook/domain";
import { execute } from "../../lib/graphql.ts";
import { DetailSection } from "../../ui/detail/DetailSection.tsx";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import { notify } from "../../ui/notify.tsx";
import { CreateSchoolDocument } from "./queries.ts";
import { NEW_SCHOOL_LABELS, NEW_SCHOOL_ORDER, type NewSchoolValues, newSchoolErrors } from "./school-form.ts";

/** Role 1 only: a new school, reached afterwards with the school switcher. */
export function CreateSchoolForm() {
  const { form, busy, submit } = useRecordForm({
    name: "create-school",
    initialValues: { name: "", timezone: TIME_ZONES[0].value as string },
    validate: newSchoolErrors,
    order: NEW_SCHOOL_ORDER,
    labels: NEW_SCHOOL_LABELS,
    onUnnamed: notify.error,
    unsaved: "the new school",
  });
  const save = async (v: NewSchoolValues) => {
    const r = await execute(CreateSchoolDocument, v);
    notify.success(`${r.createSchool.name} was created: switch to it with the school switcher.`);
    form.setFieldValue("name", "");
    form.clearErrors();
    // the time zone stays for the next school: nothing is left unsaved
    form.resetDirty();
  };
  return (
    <DetailSection title="New school">
      <Text size="sm" c="dimmed" mb="sm">
        Master admins only. The new school starts with the default rules.
      </Text>
      <form onSubmit={submit(save)} noValidate aria-label="Create a school">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={NEW_SCHOOL_LABELS.name} {...form.getInputProps("name")} />
          <NativeSelect
            label={NEW_SCHOOL_LABELS.timezone}
            {...form.getInputProps("timezone")}
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
