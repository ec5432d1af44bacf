import { Alert, Anchor, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { StatusBarChart } from "../../../ui/charts/StatusBarChart.tsx";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { formatPercent } from "../../../ui/detail/format.ts";
import { personName } from "../../../ui/person-name.ts";
import { LiveRoster } from "../../../ui/roster/LiveRoster.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import type { CoursePermissions } from "../permissions.ts";
import { type CourseDetail, rosterKey, useCourseFigures, useCourseRoster } from "../queries.ts";

const dayLabel = (label: string) => formatDate(label) || label;

/**
 * The course's dashboard: while a session is in progress its live roster first; then the daily
 * attendance chart (with its table), the last class, who missed it, and absence streaks.
 */
export function DashboardTab({
  course,
  timeZone,
  can,
}: {
  course: CourseDetail;
  timeZone: string;
  can: CoursePermissions;
}) {
  const figures = useCourseFigures(course.uuid);
  const roster = useCourseRoster(course.uuid);
  const client = useQueryClient();
  return (
    <Stack gap="md">
      <LiveRoster
        of={{
          id: course.id,
          type: "course",
          noun: "enrolled",
          idle: "No session in progress. The roster shows here while the course meets.",
        }}
        roster={roster}
        timeZone={timeZone}
        canOverride={can.override}
        onChanged={() => void client.invalidateQueries({ queryKey: rosterKey(course.uuid) })}
      />
      {figures.isError && (
        <Alert color="red" role="alert" title="The figures could not be loaded">
          {figures.error.message}
        </Alert>
      )}
      {figures.isPending && <Spinner label="Loading the figures" />}
      {figures.data && (
        <>
          <DetailSection title="Daily attendance" order={2}>
            <StatusBarChart
              graph={figures.data.daily_attendance_graph}
              caption="Attendance by session day and status"
              labelHeader="Day"
              formatLabel={dayLabel}
              markNoData
            />
          </DetailSection>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <DetailSection title="Last class" order={2}>
              {figures.data.attendance_last_class.value === null ? (
                <Text size="sm" c="dimmed">
                  No finished class yet.
                </Text>
              ) : (
                <Stack gap={0}>
                  <Text size="xl" fw={700}>
                    {formatPercent(figures.data.attendance_last_class.value)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    attended on {dayLabel(figures.data.attendance_last_class.label)}
                  </Text>
                </Stack>
              )}
            </DetailSection>
            <DetailSection title="Missed the last class" order={2}>
              {figures.data.missed_last_class.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nobody.
                </Text>
              ) : (
                <Stack component="ul" gap={4} m={0} pl="md">
                  {figures.data.missed_last_class.map((s) => (
                    <li key={s.id}>
                      <Anchor component={Link} to={`/Students/${s.uuid}`} size="sm">
                        {personName(s)}
                      </Anchor>
                    </li>
                  ))}
                </Stack>
              )}
            </DetailSection>
            <DetailSection title="Absent in a row" order={2}>
              {figures.data.student_absent_streak.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No one has missed two classes in a row.
                </Text>
              ) : (
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Student</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Classes missed
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {figures.data.student_absent_streak.map((s) => (
                      <Table.Tr key={s.student.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/Students/${s.student.uuid}`} size="sm">
                            {personName(s.student)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">{s.streak}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </DetailSection>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
