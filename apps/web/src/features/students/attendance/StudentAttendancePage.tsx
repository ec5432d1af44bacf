import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Fragment, useState } from "react";
import { Link, useParams } from "react-router";
import { useMe } from "../../../lib/me.ts";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { DetailHeader } from "../../../ui/detail/DetailHeader.tsx";
import { formatPercent, formatShare, formatTime } from "../../../ui/detail/format.ts";
import { KeyValueList } from "../../../ui/detail/KeyValueList.tsx";
import { NotFoundPanel } from "../../../ui/detail/NotFoundPanel.tsx";
import { Pager } from "../../../ui/grid/Pager.tsx";
import { useClampPage, useGridParams } from "../../../ui/grid/useGridParams.ts";
import { PageHeading } from "../../../ui/PageHeading.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { StatusBadge } from "../../../ui/StatusBadge.tsx";
import { statusLabel } from "../../../ui/status.ts";
import { AttendanceDetail } from "./AttendanceDetail.tsx";
import {
  type HeadingData,
  isBadAttendable,
  isNotFound,
  useAttendanceHeading,
  useStudentAttendance,
} from "./queries.ts";
import type { AttendableType, AttendanceRow } from "./types.ts";

/** The course's or event's title: from the rows, else from the student's own lists. */
export function attendableTitle(
  student: HeadingData["student"],
  type: AttendableType,
  uuid: string,
  rows: readonly AttendanceRow[] | undefined,
): string | null {
  const fromRow = rows?.[0]?.attendable_title;
  if (fromRow) return fromRow;
  const id = uuid.toLowerCase();
  if (type === "course") return student.courses.find((c) => c.uuid.toLowerCase() === id)?.title ?? null;
  return student.events.find((e) => e.event.uuid.toLowerCase() === id)?.event.title ?? null;
}

/**
 * /Students/:studentUuid/Attendance/:attendableUuid and /Students/:studentUuid/Courses/:attendableUuid/Attendance
 * (courses), /Students/:studentUuid/Events/:attendableUuid/Attendance (events): one row per
 * session, each opening onto its evidence, timeline, overrides and pings.
 */
export default function StudentAttendancePage({ type }: { type: AttendableType }) {
  const { studentUuid = "", attendableUuid = "" } = useParams();
  const heading = useAttendanceHeading(studentUuid);
  const grid = useGridParams();
  const { page, per_page } = grid.params;
  const rows = useStudentAttendance(heading.data?.student.id, type, attendableUuid, page, per_page);
  useClampPage(grid, rows.data?.total);
  const what = type === "course" ? "Course" : "Event";

  if (heading.isError && isNotFound(heading.error)) {
    return <NotFoundPanel what="Participant" backTo="/Students" backLabel="Back to the participants" />;
  }
  if (heading.data && rows.isError && !rows.data && isBadAttendable(rows.error)) {
    return (
      <NotFoundPanel
        what={what}
        backTo={`/Students/${heading.data.student.uuid}`}
        backLabel={`Back to ${heading.data.student.first_name}`}
      />
    );
  }
  const failed = heading.isError ? heading.error : rows.isError && !rows.data ? rows.error : null;
  if (!heading.data || !rows.data) {
    return (
      <Stack gap="sm">
        <PageHeading>Attendance</PageHeading>
        {failed ? (
          <Alert color="red" role="alert" title="The attendance could not be loaded">
            {failed.message}
          </Alert>
        ) : (
          <Spinner label="Loading the attendance" />
        )}
      </Stack>
    );
  }
  const { student, school, statuses } = heading.data;
  const title = attendableTitle(student, type, attendableUuid, rows.data.data);
  const studentPath = `/Students/${student.uuid}`;
  if (!title) {
    return <NotFoundPanel what={what} backTo={studentPath} backLabel={`Back to ${student.first_name}`} />;
  }
  return (
    <Stack gap="md" maw={1200}>
      <DetailHeader
        title={`${student.first_name} ${student.last_name}: ${title}`}
        subtitle={`${what} attendance, newest session first`}
        back={
          <Anchor component={Link} to={studentPath} size="sm">
            ← {student.first_name} {student.last_name}
          </Anchor>
        }
      />
      {rows.isError && (
        <Alert color="red" role="alert" title="The attendance could not be refreshed">
          {rows.error.message}
        </Alert>
      )}
      <AttendanceTable
        rows={rows.data.data}
        timeZone={school.timezone}
        statuses={statuses.data}
        caption={`Sessions of ${student.first_name} ${student.last_name} at ${title}`}
      />
      <Pager
        page={page}
        perPage={per_page}
        total={rows.data.total}
        onPage={grid.setPage}
        onPerPage={grid.setPerPage}
        label="Pages of sessions"
      />
    </Stack>
  );
}

interface RowsProps {
  rows: AttendanceRow[];
  timeZone: string;
  statuses: { id: number; name: string }[];
  caption: string;
}

/** One session's status: the badge, the override lock, and what the phone claims but is not believed. */
function StatusCell({ r }: { r: AttendanceRow }) {
  return (
    <Group gap={4} wrap="wrap">
      <StatusBadge status={r.status} />
      {r.lock && r.overrides.length > 0 && (
        <Badge variant="outline" color="gray" c="gray.9" tt="none" radius="sm">
          Locked by override
        </Badge>
      )}
      {r.unconfirmed_status !== null && r.unconfirmed_status !== r.status && (
        <Text size="xs" c="orange.9" fw={500}>
          Phone says {statusLabelLower(r.unconfirmed_status)}, not believed
        </Text>
      )}
    </Group>
  );
}

/**
 * The sessions as a table on wide screens and as cards on a phone; each opens onto its detail.
 * Open rows are kept by attendance id, so a live refetch (or turning the phone) keeps them open.
 */
function AttendanceTable({ rows, timeZone, statuses, caption }: RowsProps) {
  const me = useMe();
  const canOverride = me.role.permissions.override;
  const phone = useMediaQuery("(max-width: 47.99em)", false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const detailOf = (r: AttendanceRow, date: string) => (
    <AttendanceDetail
      row={r}
      timeZone={timeZone}
      statuses={statuses}
      canOverride={canOverride}
      label={`the session of ${date}`}
    />
  );
  const toggleButton = (r: AttendanceRow, date: string, withText: boolean) => {
    const isOpen = open.has(r.id);
    return (
      <Button
        size="compact-sm"
        variant={withText ? "default" : "subtle"}
        aria-expanded={isOpen}
        aria-controls={isOpen ? `attendance-${r.id}-detail` : undefined}
        onClick={() => toggle(r.id)}
        aria-label={`Details of ${date}`}
      >
        <span aria-hidden="true">{isOpen ? "▾" : "▸"}</span>
        {withText ? " Details" : ""}
      </Button>
    );
  };

  if (phone) {
    return (
      <Stack gap="xs" component="section" aria-label={caption}>
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
        {rows.length === 0 ? (
          <Text c="dimmed">No matching data</Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }}>
            {rows.map((r) => {
              const date = formatDate(r.meets);
              const isOpen = open.has(r.id);
              return (
                <Paper component="li" key={r.id} withBorder radius="md" p="sm" data-attendance-id={r.id}>
                  <Stack gap="xs">
                    <Group justify="space-between" gap="xs">
                      <Text fw={600}>{date}</Text>
                      {toggleButton(r, date, true)}
                    </Group>
                    <StatusCell r={r} />
                    <KeyValueList
                      items={[
                        { label: "Enter", value: r.enter ? formatTime(r.enter, timeZone) : "—" },
                        { label: "Exit", value: r.exit ? formatTime(r.exit, timeZone) : "—" },
                        { label: "Percentage", value: formatPercent(r.percentage) },
                        { label: "Confidence", value: formatShare(r.confidence) },
                      ]}
                    />
                    {isOpen && <div id={`attendance-${r.id}-detail`}>{detailOf(r, date)}</div>}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    );
  }

  const columns = 7;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Enter</Table.Th>
            <Table.Th scope="col">Exit</Table.Th>
            <Table.Th scope="col" ta="right">
              Percentage
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Confidence
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed" ta="center" py="md">
                  No matching data
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((r) => {
            const isOpen = open.has(r.id);
            const date = formatDate(r.meets);
            return (
              <Fragment key={r.id}>
                <Table.Tr data-attendance-id={r.id} data-open={isOpen || undefined}>
                  <Table.Td>{toggleButton(r, date, false)}</Table.Td>
                  <Table.Th scope="row" fw={500} style={{ whiteSpace: "nowrap" }}>
                    {date}
                  </Table.Th>
                  <Table.Td>
                    <StatusCell r={r} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{r.enter ? formatTime(r.enter, timeZone) : "—"}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{r.exit ? formatTime(r.exit, timeZone) : "—"}</Table.Td>
                  <Table.Td ta="right">{formatPercent(r.percentage)}</Table.Td>
                  <Table.Td ta="right">{formatShare(r.confidence)}</Table.Td>
                </Table.Tr>
                {isOpen && (
                  <Table.Tr id={`attendance-${r.id}-detail`} bg="var(--mantine-color-gray-0)">
                    <Table.Td colSpan={columns}>{detailOf(r, date)}</Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const statusLabelLower = (s: number) => statusLabel(s).toLowerCase();
