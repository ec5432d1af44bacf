import { Alert, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { ME_KEY, useMe } from "../../lib/me.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { InSessionSection } from "./InSessionSection.tsx";
import { MissingSection } from "./MissingSection.tsx";
import { useDashboard } from "./queries.ts";
import { SchoolSection } from "./SchoolSection.tsx";
import { TasksSection } from "./TasksSection.tsx";
import { TilesSection } from "./TilesSection.tsx";

/** /Dashboard: the school, students missing attendance, classes in session, the user's tiles and tasks. */
export default function DashboardPage() {
  const me = useMe();
  const dashboard = useDashboard();
  const client = useQueryClient();
  const refreshMe = () => client.refetchQueries({ queryKey: ME_KEY });
  const data = dashboard.data;
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <PageHeading>Dashboard</PageHeading>
        <Text c="dimmed">Welcome back, {me.first_name}.</Text>
      </div>
      {dashboard.isError && (
        <Alert color="red" role="alert" title="The dashboard could not be loaded">
          {dashboard.error.message}
        </Alert>
      )}
      <SchoolSection school={data?.school} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <MissingSection students={data?.students} />
        <InSessionSection courses={data?.courses} />
      </SimpleGrid>
      <TilesSection tiles={me.tiles} onChanged={refreshMe} />
      <TasksSection tasks={me.tasks} timeZone={data?.school.timezone} onChanged={refreshMe} />
    </Stack>
  );
}
