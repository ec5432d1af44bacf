import { Anchor, Table, Text } from "@mantine/core";
import { formatClock } from "@rollbook/domain";
import { Link } from "react-router";
import { CaptionedTable } from "../../ui/CaptionedTable.tsx";
import { shownOf } from "./format.ts";
import type { DashboardData } from "./queries.ts";
import { Section, SectionPending } from "./Section.tsx";

/** Up to 10 courses in session now, each linking to its page. */
export function InSessionSection({
  courses,
  failed = false,
}: {
  courses: DashboardData["courses"] | undefined;
  /** the dashboard's call failed: no list to show */
  failed?: boolean;
}) {
  return (
    <Section title="In session now">
      {!courses ? (
        <SectionPending failed={failed} height={120} what="classes in session" />
      ) : courses.data.length === 0 ? (
        <Text>No classes are in session right now.</Text>
      ) : (
        <CaptionedTable
          caption={shownOf(courses.data.length, courses.total, ["class", "classes"], "in session")}
          // fits its half of a 1024-1280 px screen and a phone: the times break after the dash
          minWidth={300}
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
                <Table.Td>
                  <span style={{ whiteSpace: "nowrap" }}>{formatClock(c.start_time)} –</span>{" "}
                  <span style={{ whiteSpace: "nowrap" }}>{formatClock(c.end_time)}</span>
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
