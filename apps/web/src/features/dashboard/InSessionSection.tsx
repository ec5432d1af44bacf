import { Anchor, Skeleton, Table, Text } from "@mantine/core";
import { formatClock } from "@rollbook/domain";
import { Link } from "react-router";
import { CaptionedTable } from "../../ui/CaptionedTable.tsx";
import { shownOf } from "./format.ts";
import type { DashboardData } from "./queries.ts";
import { Section } from "./Section.tsx";

/** Up to 10 courses in session now, each linking to its page. */
export function InSessionSection({ courses }: { courses: DashboardData["courses"] | undefined }) {
  return (
    <Section title="In session now">
      {!courses ? (
        <Skeleton height={120} />
      ) : courses.data.length === 0 ? (
        <Text>No classes are in session right now.</Text>
      ) : (
        <CaptionedTable
          caption={shownOf(courses.data.length, courses.total, ["class", "classes"], "in session")}
          minWidth={420}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Title</Table.Th>
              <Table.Th scope="col">Times</Table.Th>
              <Table.Th scope="col">Location</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {courses.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/Courses/${c.uuid}`}>
                    {c.title}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {formatClock(c.start_time)} – {formatClock(c.end_time)}
                </Table.Td>
                <Table.Td>{c.location?.name ?? "—"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CaptionedTable>
      )}
    </Section>
  );
}
