import { Anchor, Table, Text } from "@mantine/core";
import { Fragment } from "react";
import { Link } from "react-router";
import { CaptionedTable } from "../../ui/CaptionedTable.tsx";
import { formatPercent } from "../../ui/detail/format.ts";
import { shownOf } from "./format.ts";
import type { DashboardData } from "./queries.ts";
import { Section, SectionPending } from "./Section.tsx";

/** An address that may break after its @ and before its dots (and, failing those, anywhere). */
function breakable(email: string) {
  return email.split(/(?<=@)|(?=\.)/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** Up to 10 students whose attendance is missing, each linking to their page. */
export function MissingSection({
  students,
  failed = false,
}: {
  students: DashboardData["students"] | undefined;
  /** the dashboard's call failed: no list to show */
  failed?: boolean;
}) {
  return (
    <Section title="Missing attendance">
      {!students ? (
        <SectionPending failed={failed} height={120} what="students missing attendance" />
      ) : students.data.length === 0 ? (
        <Text>No students are missing attendance.</Text>
      ) : (
        <CaptionedTable
          caption={shownOf(students.data.length, students.total, ["student", "students"], "missing attendance")}
          // fits its half of a 1024-1280 px screen and a phone: a long address breaks, not the box
          minWidth={300}
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
                <Table.Td style={{ overflowWrap: "anywhere" }}>{s.email ? breakable(s.email) : "—"}</Table.Td>
                <Table.Td ta="right">{formatPercent(s.semester_apa)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CaptionedTable>
      )}
    </Section>
  );
}
