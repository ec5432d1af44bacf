import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useMe } from "../../lib/me.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { reportsFor } from "./report-list.ts";
import { REPORT_PAGES } from "./report-pages.ts";

/** /Reports: the reports the viewer may open, each with the question it answers. */
export default function ReportsIndexPage() {
  const reports = reportsFor(useMe());
  return (
    <Stack gap="md">
      <PageHeading>Reports</PageHeading>
      {reports.length === 0 && <Text>You may not open any report.</Text>}
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        style={{ listStyle: "none", padding: 0 }}
      >
        {reports.map((r) => (
          <Paper component="li" key={r.name} withBorder p="md" radius="md">
            <Title order={2} size="h4" mb={4}>
              {REPORT_PAGES[r.name] ? (
                <Anchor component={Link} to={`/Reports/${r.name}`} inherit>
                  {r.title}
                </Anchor>
              ) : (
                r.title
              )}
            </Title>
            <Text size="sm">{r.description}</Text>
            {!REPORT_PAGES[r.name] && (
              <Text size="sm" c="dimmed" mt={4}>
                Arrives in a later release.
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
