import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { apaWeight, formatClock, formatCount, STATUS } from "@rollbook/domain";
import { Link } from "react-router";
import { CaptionedTable } from "../../../ui/CaptionedTable.tsx";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { StatusBadge } from "../../../ui/StatusBadge.tsx";
import { attendancePath } from "./HeaderCards.tsx";
import type { StudentDetail, StudentEventRow } from "./types.ts";

export type EventGroup = "attending" | "waitlisted" | "attended" | "missed";

/**
 * Attended once the status counts as attended; not attended once it has any other final status
 * (absent, excused, cancelled, travel: the event is over); else waitlisted or attending.
 */
export function eventGroup(row: Pick<StudentEventRow, "in_waitlist" | "status">): EventGroup {
  if (row.status !== null && apaWeight(row.status) === "attended") return "attended";
  if (row.status !== null && row.status !== STATUS.pending) return "missed";
  return row.in_waitlist ? "waitlisted" : "attending";
}

const GROUPS: { key: EventGroup; title: string; empty: string }[] = [
  { key: "attending", title: "Attending", empty: "No events ahead." },
  { key: "waitlisted", title: "Waitlisted", empty: "On no waitlist." },
  { key: "attended", title: "Attended", empty: "No event attended yet." },
  { key: "missed", title: "Not attended", empty: "No event missed." },
];

function EventTable({ studentUuid, rows, caption }: { studentUuid: string; rows: StudentEventRow[]; caption: string }) {
  return (
    <CaptionedTable caption={caption} minWidth={480}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Event</Table.Th>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Time</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.event.id}>
            <Table.Th scope="row" fw={400}>
              <Anchor component={Link} to={attendancePath(studentUuid, "event", r.event.uuid)}>
                {r.event.title}
              </Anchor>
            </Table.Th>
            <Table.Td>{formatDate(r.event.date)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              {formatClock(r.event.start_time)} – {formatClock(r.event.end_time)}
            </Table.Td>
            <Table.Td>{r.status === null ? "—" : <StatusBadge status={r.status} />}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CaptionedTable>
  );
}

/** The student's events in three groups: attending, waitlisted, attended. */
export function EventsTab({ student }: { student: StudentDetail }) {
  if (student.events.length === 0) return <Text>On no event you can see.</Text>;
  return (
    <Stack gap="lg">
      {GROUPS.map((g) => {
        const rows = student.events.filter((e) => eventGroup(e) === g.key);
        return (
          <section key={g.key} aria-label={g.title}>
            <Title order={3} size="h5" mb="xs">
              {g.title} ({formatCount(rows.length)})
            </Title>
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {g.empty}
              </Text>
            ) : (
              <EventTable studentUuid={student.uuid} rows={rows} caption={`${g.title} events`} />
            )}
          </section>
        );
      })}
    </Stack>
  );
}
