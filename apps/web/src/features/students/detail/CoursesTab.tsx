import { Anchor, Table, Text } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { Link } from "react-router";
import { ApaFigure } from "../../../ui/ApaFigure.tsx";
import { CaptionedTable } from "../../../ui/CaptionedTable.tsx";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { formatPercent } from "../../../ui/detail/format.ts";
import { attendancePath } from "./HeaderCards.tsx";
import type { StudentDetail } from "./types.ts";

/** Each visible course: APA, this week, attended/missed, last attended, missed in a row. */
export function CoursesTab({ student, warning }: { student: StudentDetail; warning: number }) {
  const rows = student.course_stats;
  if (rows.length === 0) return <Text>Not enrolled in any course you can see.</Text>;
  return (
    <CaptionedTable caption={`Courses of ${student.first_name}`} minWidth={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Course</Table.Th>
          <Table.Th scope="col" ta="right">
            APA
          </Table.Th>
          <Table.Th scope="col" ta="right">
            This week
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Attended
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Missed
          </Table.Th>
          <Table.Th scope="col">Last attended</Table.Th>
          <Table.Th scope="col" ta="right">
            Missed in a row
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.course.id}>
            <Table.Th scope="row" fw={400}>
              <Anchor component={Link} to={attendancePath(student.uuid, "course", r.course.uuid)}>
                {r.course.title}
              </Anchor>
            </Table.Th>
            <Table.Td ta="right">
              <ApaFigure apa={r.apa} warning={warning} />
            </Table.Td>
            <Table.Td ta="right">{formatPercent(r.week_apa)}</Table.Td>
            <Table.Td ta="right">{formatCount(r.attended)}</Table.Td>
            <Table.Td ta="right">{formatCount(r.missed)}</Table.Td>
            <Table.Td>{r.last_attended ? formatDate(r.last_attended) : "Never"}</Table.Td>
            <Table.Td ta="right" c={r.missed_streak >= 2 ? "red.9" : undefined}>
              {r.missed_streak}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CaptionedTable>
  );
}
