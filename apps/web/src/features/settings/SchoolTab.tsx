import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { isMasterAdmin } from "@rollbook/domain";
import { useQueryClient } from "@tanstack/react-query";
import { execute } from "../../lib/graphql.ts";
import { ME_KEY, useMe } from "../../lib/me.ts";
import { DetailSection } from "../../ui/detail/DetailSection.tsx";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import { notify } from "../../ui/notify.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { ClosuresPanel } from "./ClosuresPanel.tsx";
import { CreateSchoolForm } from "./CreateSchoolForm.tsx";
import { SCHOOL_SETTINGS_KEY, type SchoolSettings, UpdateSchoolDocument, useSchoolSettings } from "./queries.ts";
import {
  SCHOOL_LABELS,
  SCHOOL_ORDER,
  type SchoolFormValues,
  schoolErrors,
  schoolFormValues,
  schoolVariables,
  zoneOptions,
} from "./school-form.ts";

type TextKey = Exclude<keyof SchoolFormValues, "allow_user_invite">;

/** The School tab: the school's fields, its closures, and (role 1) a new school. */
export function SchoolTab() {
  const me = useMe();
  const school = useSchoolSettings();
  if (!school.data)
    return school.isError ? (
      <Alert color="red" role="alert" title="The school could not be loaded">
        {school.error.message}
      </Alert>
    ) : (
      <Spinner label="Loading the school" />
    );
  const s = school.data.school;
  return (
    <Stack gap="md">
      <SchoolForm key={s.id} school={s} />
      <ClosuresPanel closures={s.closures} />
      {isMasterAdmin(me.role.id) && <CreateSchoolForm />}
    </Stack>
  );
}

function SchoolForm({ school }: { school: SchoolSettings }) {
  const client = useQueryClient();
  const { form, formError, busy, submit } = useRecordForm({
    name: "school",
    initialValues: schoolFormValues(school),
    validate: schoolErrors,
    order: SCHOOL_ORDER,
    labels: SCHOOL_LABELS,
    unsaved: "the school's settings",
  });

  const save = async (v: SchoolFormValues) => {
    const checked = schoolVariables(v);
    if (!checked.ok) return; // not reached: schoolErrors ran the same checks
    await execute(UpdateSchoolDocument, { id: school.id, ...checked.variables } as never);
    // the form stays open on the saved values: nothing left unsaved
    form.resetDirty();
    notify.success("The school's settings were saved.");
    await client.invalidateQueries({ queryKey: SCHOOL_SETTINGS_KEY });
    await client.invalidateQueries({ queryKey: ME_KEY });
  };

  const text = (key: TextKey, props: { type?: string; description?: string; inputMode?: "numeric" } = {}) => (
    <div data-field={key}>
      <TextInput label={SCHOOL_LABELS[key]} {...form.getInputProps(key)} {...props} />
    </div>
  );
  // a number is typed as text and kept as typed: schoolVariables says what is wrong with it
  // (Mantine's NumberInput clamped 150 to 100 and dropped a minus sign or a decimal point unsaid)
  const number = (key: TextKey, props: { description?: string } = {}) => text(key, { inputMode: "numeric", ...props });

  return (
    <DetailSection title="School">
      <form onSubmit={submit(save)} noValidate aria-label="School settings">
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert" title="The settings were not saved">
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text("name")}
            {text("address")}
            {text("contact_person")}
            {text("phone", { type: "tel" })}
            {text("email", { type: "email" })}
            {text("support_email", { type: "email" })}
          </SimpleGrid>
          <Title order={3} size="h5">
            Attendance rules
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {number("late_time", { description: "Minutes after the start" })}
            {number("absent_time", { description: "Minutes after the start, more than late" })}
            {number("leave_time", { description: "Minutes before the end" })}
            {number("warning_percentage", { description: "Students below it show a warning" })}
            <div data-field="timezone">
              <NativeSelect
                label={SCHOOL_LABELS.timezone}
                {...form.getInputProps("timezone")}
                data={zoneOptions(school.timezone)}
              />
            </div>
          </SimpleGrid>
          <Title order={3} size="h5">
            Participants and staff
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text("token_pattern", {
              description:
                "random, or a template: # a digit, @ a letter, * either (at least 2^40 tokens: e.g. 8 of *, 9 of @ or 14 of #)",
            })}
            {number("student_cap", { description: "Empty: no cap. Not below the active participants." })}
          </SimpleGrid>
          <div data-field="allow_user_invite">
            <Checkbox
              label={SCHOOL_LABELS.allow_user_invite}
              description="Academic Advisors may invite Professors, Coaches, Counselors and Case Managers. Administrators always may."
              {...form.getInputProps("allow_user_invite", { type: "checkbox" })}
            />
          </div>
          <Group>
            <Button type="submit" loading={busy}>
              Save school
            </Button>
          </Group>
        </Stack>
      </form>
    </DetailSection>
  );
}
