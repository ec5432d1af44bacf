import { Button, Group, Select, Stack, Table, Text, Textarea, VisuallyHidden } from "@mantine/core";
import { type FormEvent, useState } from "react";
import type { StudentDetailCreateExcuseMutationVariables } from "../../../gql/graphql.ts";
import { execute } from "../../../lib/graphql.ts";
import { RequestError } from "../../../lib/http.ts";
import { DateField } from "../../../ui/dates/DatePicker.tsx";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { notify } from "../../../ui/notify.tsx";
import { labelServerMessage } from "./field-errors.ts";
import { CreateExcuseDocument, RemoveExcuseDocument, useStudentMutation } from "./queries.ts";
import type { StudentDetail } from "./types.ts";

/** The student's own courses and events as choices "course:12" / "event:7". */
export function attendableChoices(student: Pick<StudentDetail, "courses" | "events">) {
  const courses = student.courses.map((c) => ({ value: `course:${c.id}`, label: c.title }));
  const events = student.events.map((e) => ({ value: `event:${e.event.id}`, label: e.event.title }));
  return [
    ...(courses.length ? [{ group: "Courses", items: courses }] : []),
    ...(events.length ? [{ group: "Events", items: events }] : []),
  ];
}

export function parseAttendable(value: string | null): { attendable_type: string; attendable_id: number } | null {
  const m = /^(course|event):(\d+)$/.exec(value ?? "");
  return m ? { attendable_type: m[1] as string, attendable_id: Number(m[2]) } : null;
}

type ExcuseErrors = Partial<Record<"date" | "attendable" | "notes", string>>;

function AddExcuseForm({ student }: { student: StudentDetail }) {
  const [date, setDate] = useState<string | null>(null);
  const [attendable, setAttendable] = useState<string | null>(null);
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<ExcuseErrors>({});
  const add = useStudentMutation(student.uuid, (vars: StudentDetailCreateExcuseMutationVariables) =>
    execute(CreateExcuseDocument, vars),
  );
  const choices = attendableChoices(student);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const which = parseAttendable(attendable);
    const found: ExcuseErrors = {};
    if (!date) found.date = "Date is required";
    if (!which) found.attendable = "Course or event is required";
    setErrors(found);
    if (found.date || found.attendable) {
      document.getElementById(found.date ? "excuse-date" : "excuse-attendable")?.focus();
      return;
    }
    try {
      if (!date || !which) return;
      await add.mutateAsync({ student_id: student.id, date, ...which, notes: notes.trim() || null });
      setDate(null);
      setAttendable(null);
      setNotes("");
      notify.success("The excuse was added.");
    } catch (err) {
      const fe = err instanceof RequestError ? err.errors : {};
      const next: ExcuseErrors = {};
      for (const [key, messages] of Object.entries(fe)) {
        const m = messages[0];
        if (!m) continue;
        if (key === "date") next.date = labelServerMessage(key, "Date", m);
        else if (key === "attendable_id" || key === "attendable_type") next.attendable = m;
        else if (key === "notes") next.notes = labelServerMessage(key, "Notes", m);
      }
      if (Object.keys(next).length) setErrors(next);
      else notify.error(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add an excuse">
      <Stack gap="xs">
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <DateField
            label="Date"
            value={date}
            onChange={(v) => {
              setDate(v);
              setErrors((e) => ({ ...e, date: undefined }));
            }}
            error={errors.date}
            // the format as a description, not as a pale placeholder (contrast)
            placeholder=""
            description="MM/DD/YYYY"
            required
            clearable
            // the id lets a failed submit put focus here
            {...({ id: "excuse-date" } as object)}
          />
          <Select
            id="excuse-attendable"
            label="Course or event"
            placeholder={choices.length ? "Pick one" : "Enrolled in nothing"}
            data={choices}
            value={attendable}
            onChange={(v) => {
              setAttendable(v);
              setErrors((e) => ({ ...e, attendable: undefined }));
            }}
            error={errors.attendable}
            description="One of the student's own"
            required
            searchable
            nothingFoundMessage="No matching data"
            miw={200}
          />
        </Group>
        <Textarea
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          error={errors.notes}
          autosize
          minRows={1}
          maxRows={4}
        />
        <Group>
          <Button type="submit" loading={add.isPending}>
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
  return (
    <DetailSection title="Excuses" order={3}>
      <Stack gap="md">
        {student.excuses.length === 0 ? (
          <Text c="dimmed">No excuses.</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped captionSide="top">
              <Table.Caption>Excuses, newest date first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Course or event</Table.Th>
                  <Table.Th scope="col">Notes</Table.Th>
                  {canChange && (
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
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
            </Table>
          </Table.ScrollContainer>
        )}
        {canChange && <AddExcuseForm student={student} />}
      </Stack>
    </DetailSection>
  );
}
