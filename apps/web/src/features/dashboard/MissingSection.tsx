import { Anchor, Skeleton, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { CaptionedTable } from "../../ui/CaptionedTable.tsx";
import { formatPercent } from "../../ui/detail/format.ts";
import { shownOf } from "./format.ts";
import type { DashboardData } from "./queries.ts";
import { Section } from "./Section.tsx";

/** Up to 10 students whose attendance is missing, each linking to their page. */
export function MissingSection({ students }: { students: DashboardData["students"] | undefined }) {
  return (
    <Section title="Missing attendance">
      {!students ? (
        <Skeleton height={120} />
      ) : students.data.length === 0 ? (
        <Text>No students are missing attendance.</Text>
      ) : (
        <CaptionedTable
          caption={shownOf(students.data.length, students.total, ["student", "students"], "missing attendance")}
          minWidth={420}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">E-mail</Table.Th>
              <Table.Th scope="col" ta="right">
                Semester APA
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {students.data.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/Students/${s.uuid}`}>
                    {s.first_name} {s.last_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{s.email ?? "—"}</Table.Td>
                <Table.Td ta="right">{formatPercent(s.semester_apa)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CaptionedTable>
      )}
    </Section>
  );
}
