import { Alert, Anchor, Button, Checkbox, Group, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useMe } from "../../../lib/me.ts";
import { ApaFigure } from "../../../ui/ApaFigure.tsx";
import { CaptionedTable } from "../../../ui/CaptionedTable.tsx";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { notify } from "../../../ui/notify.tsx";
import { personName } from "../../../ui/person-name.ts";
import { Spinner } from "../../../ui/Spinner.tsx";
import { AddTeamModal } from "../../links/AddTeamModal.tsx";
import { PickStudentsModal } from "../../links/PickStudentsModal.tsx";
import { studentsWord } from "../../links/pick-students.ts";
import type { EventPermissions } from "../../teams/permissions.ts";
import { AttachStudentsDocument, DetachStudentsDocument } from "../../teams/queries.ts";
import {
  AddTeamToEventDocument,
  type EventDetail,
  EventDetailDocument,
  useEventStudents,
  useRefreshEvent,
} from "../queries.ts";
import { addToEventText, partlyListedText } from "./seats.ts";

/**
 * The students holding a seat, with (assign_appointment) "Add students" (past the capacity they
 * join the waitlist; an event restricted to a team refuses others, in the server's words),
 * "Add a team", and the selected taken off behind a confirm (a freed seat goes to the waitlist).
 */
export function StudentsTab({
  event,
  can,
  warning,
}: {
  event: EventDetail;
  can: EventPermissions;
  /** the school's warning_percentage: an APA under it is flagged, as on every screen */
  warning: number | null;
}) {
  const students = useEventStudents(event.uuid);
  const refresh = useRefreshEvent(event.uuid);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState<"students" | "team" | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = can.assign && !event.deleted_at;
  const rows = students.data ?? [];
  const me = useMe();
  const partly = students.data ? partlyListedText(rows.length, event.attending_count, "attending", me.role.id) : null;
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const removeSelected = async () => {
    const ids = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
    if (ids.length === 0) return;
    setBusy(true);
    try {
      const done = await confirmThen(
        {
          title: "Remove from event",
          message: `Take ${studentsWord(ids.length)} off ${event.title}? Their seats go to the first on the waitlist.`,
          danger: true,
        },
        () => execute(DetachStudentsDocument, { attachable_type: "event", attachable_id: event.id, student_ids: ids }),
        `${studentsWord(ids.length, true)} taken off ${event.title}.`,
      );
      if (done) {
        setSelected(new Set());
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  const allShown = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <DetailSection
      title="Attending"
      order={2}
      actions={
        editable ? (
          <Group gap="xs">
            <Button onClick={() => setAdding("students")}>Add students</Button>
            <Button variant="default" onClick={() => setAdding("team")}>
              Add a team
            </Button>
          </Group>
        ) : undefined
      }
    >
      {students.isPending ? (
        <Spinner label="Loading the students" />
      ) : students.isError ? (
        <Alert color="red" role="alert" title="The students could not be loaded">
          {students.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {partly ?? "No students attending yet."}
        </Text>
      ) : (
        <Stack gap="xs">
          {partly && <Text size="sm">{partly}</Text>}
          {editable && (
            <Group gap="sm">
              <Button
                size="xs"
                variant="light"
                color="red"
                disabled={selected.size === 0}
                loading={busy}
                onClick={() => void removeSelected()}
              >
                Remove from event
              </Button>
              <Text size="sm" aria-live="polite">
                {selected.size === 0 ? "None selected" : `${studentsWord(selected.size, true)} selected`}
              </Text>
            </Group>
          )}
          <CaptionedTable caption={`${studentsWord(rows.length, true)} attending ${event.title}`} minWidth={480}>
            <Table.Thead>
              <Table.Tr>
                {editable && (
                  <Table.Th scope="col" w={40}>
                    <Checkbox
                      aria-label="Select all students"
                      checked={allShown}
                      indeterminate={!allShown && selected.size > 0}
                      onChange={() => setSelected(allShown ? new Set() : new Set(rows.map((r) => r.id)))}
                    />
                  </Table.Th>
                )}
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">School ID</Table.Th>
                <Table.Th scope="col">E-mail</Table.Th>
                <Table.Th scope="col" ta="right">
                  Semester APA
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={s.id} bg={selected.has(s.id) ? "var(--mantine-color-blue-0)" : undefined}>
                  {editable && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${personName(s)}`}
                        checked={selected.has(s.id)}
                        onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                  <Table.Th scope="row" fw={400}>
                    <Anchor component={Link} to={`/Students/${s.uuid}`} size="sm">
                      {personName(s)}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{s.school_identifier ?? "—"}</Table.Td>
                  <Table.Td>{s.email ?? "—"}</Table.Td>
                  <Table.Td ta="right">
                    <ApaFigure apa={s.semester_apa} warning={warning} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </CaptionedTable>
        </Stack>
      )}
      <PickStudentsModal
        opened={adding === "students"}
        title={`Add students to ${event.title}`}
        intro={
          <Text size="sm">
            {event.capacity === null
              ? "The event has no seat limit."
              : `${event.attending_count} of ${event.capacity} seats taken: past the capacity students join the waitlist.`}
            {event.restriction ? ` Only students of ${event.restriction.name} may join.` : ""}
          </Text>
        }
        onClose={() => setAdding(null)}
        onSubmit={async (ids) => {
          const before = await execute(EventDetailDocument, { uuid: event.uuid });
          const r = await execute(AttachStudentsDocument, {
            attachable_type: "event",
            attachable_id: event.id,
            student_ids: ids,
          });
          const after = await execute(EventDetailDocument, { uuid: event.uuid });
          // told when the page shows it, as the dialog closes
          await refresh();
          notify.success(addToEventText(r.attachStudents.changed, ids.length, event.title, before.event, after.event));
        }}
      />
      <AddTeamModal
        opened={adding === "team"}
        title={event.title}
        intro="Every student of the team is added; past the capacity they join the waitlist."
        add={async (team) => {
          const r = await execute(AddTeamToEventDocument, { event_id: event.id, team_id: team.id });
          return r.addTeamToEvent.changed === 0
            ? `Everyone of ${team.name} was already on ${event.title}.`
            : `${studentsWord(r.addTeamToEvent.changed, true)} of ${team.name} added to ${event.title}.`;
        }}
        onClose={() => setAdding(null)}
        onDone={() => void refresh()}
      />
    </DetailSection>
  );
}
