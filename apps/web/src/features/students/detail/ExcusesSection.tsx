import { Button, Group, Select, Stack, Table, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import type { StudentDetailCreateExcuseMutationVariables } from "../../../gql/graphql.ts";
import { execute } from "../../../lib/graphql.ts";
import { ActionsHeader } from "../../../ui/ActionsHeader.tsx";
import { CaptionedTable } from "../../../ui/CaptionedTable.tsx";
import { DateField } from "../../../ui/dates/DatePicker.tsx";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { useRecordForm } from "../../../ui/form/use-record-form.ts";
import { notify } from "../../../ui/notify.tsx";
import {
  attendableChoices,
  EMPTY_EXCUSE_FORM,
  EXCUSE_ALIASES,
  EXCUSE_FIELD_ORDER,
  EXCUSE_LABELS,
  type ExcuseFormValues,
  excuseFormErrors,
  excuseVariables,
} from "./excuse-form.ts";
import { CreateExcuseDocument, RemoveExcuseDocument, useStudentMutation } from "./queries.ts";
import type { StudentDetail } from "./types.ts";

function AddExcuseForm({ student, onAdded }: { student: StudentDetail; onAdded: () => void }) {
  const { form, busy, submit } = useRecordForm({
    name: "excuse",
    initialValues: EMPTY_EXCUSE_FORM,
    validate: excuseFormErrors,
    order: EXCUSE_FIELD_ORDER,
    labels: EXCUSE_LABELS,
    aliases: EXCUSE_ALIASES,
    onUnnamed: notify.error,
    unsaved: "the new excuse",
  });
  const add = useStudentMutation(student.uuid, (vars: StudentDetailCreateExcuseMutationVariables) =>
    execute(CreateExcuseDocument, vars),
  );
  const choices = attendableChoices(student);
  const save = async (values: ExcuseFormValues) => {
    const vars = excuseVariables(student.id, values);
    if (!vars) return;
    await add.mutateAsync(vars);
    notify.success("The excuse was added.");
    onAdded();
  };
  return (
    <form onSubmit={submit(save)} noValidate aria-label="Add an excuse">
      <Stack gap="xs">
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <DateField
            {...form.getInputProps("date")}
            value={form.values.date}
            label={EXCUSE_LABELS.date}
            // the format as a description, not as a pale placeholder (contrast)
            placeholder=""
            description="MM/DD/YYYY"
            required
            clearable
          />
          <Select
            {...form.getInputProps("attendable")}
            label={EXCUSE_LABELS.attendable}
            placeholder={choices.length ? "Pick one" : "Enrolled in nothing"}
            data={choices}
            description="One of the student's own"
            required
            searchable
            nothingFoundMessage="No matching data"
            miw={200}
          />
        </Group>
        <Textarea {...form.getInputProps("notes")} label={EXCUSE_LABELS.notes} autosize minRows={1} maxRows={4} />
        <Group>
          <Button type="submit" loading={busy}>
            Add excuse
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Excuses of the student, newest date first; add and remove with the override permission. */
export function ExcusesSection({ student, canChange }: { student: StudentDetail; canChange: boolean }) {
  const remove = useStudentMutation(student.uuid, (id: number) => execute(RemoveExcuseDocument, { id }));
  // each added excuse gets a new form: empty, and its checks wait for the next submit
  const [added, setAdded] = useState(0);
  return (
    <DetailSection title="Excuses" order={3}>
      <Stack gap="md">
        {student.excuses.length === 0 ? (
          <Text c="dimmed">No excuses.</Text>
        ) : (
          <CaptionedTable caption="Excuses, newest date first" minWidth={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Course or event</Table.Th>
                <Table.Th scope="col">Notes</Table.Th>
                {canChange && <ActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {student.excuses.map((x) => (
                <Table.Tr key={x.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(x.date)}</Table.Td>
                  <Table.Td>{x.attendable_title === "-" ? "The whole day" : x.attendable_title}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{x.notes || "—"}</Table.Td>
                  {canChange && (
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={`Remove the excuse of ${formatDate(x.date)}, ${x.attendable_title}`}
                        onClick={() =>
                          void confirmThen(
                            {
                              title: "Remove excuse",
                              message: `Remove the excuse of ${formatDate(x.date)} (${x.attendable_title})?`,
                              danger: true,
                            },
                            () => remove.mutateAsync(x.id),
                            "The excuse was removed.",
                          )
                        }
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </CaptionedTable>
        )}
        {canChange && <AddExcuseForm key={added} student={student} onAdded={() => setAdded((n) => n + 1)} />}
      </Stack>
    </DetailSection>
  );
}
