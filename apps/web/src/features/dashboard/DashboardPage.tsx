import { Alert, Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
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
  // a failed first load: the sections say so instead of showing placeholders for ever
  const failed = dashboard.isError && !data;
  const schoolHeading = useRef<HTMLHeadingElement>(null);
  // the alert, and the Try again button in it, go once the dashboard loads: focus goes on to
  // what came, not to the top of the page
  const retry = async () => {
    if ((await dashboard.refetch()).isSuccess) schoolHeading.current?.focus();
  };
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <PageHeading>Dashboard</PageHeading>
        <Text c="dimmed">Welcome back, {me.first_name}.</Text>
      </div>
      {dashboard.isError && (
        <Alert color="red" role="alert" title="The dashboard could not be loaded">
          <Text size="sm">{dashboard.error.message}</Text>
          <Button mt="xs" size="xs" variant="default" loading={dashboard.isFetching} onClick={() => void retry()}>
            Try again
          </Button>
        </Alert>
      )}
      <SchoolSection school={data?.school} failed={failed} headingRef={schoolHeading} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <MissingSection students={data?.students} failed={failed} />
        <InSessionSection courses={data?.courses} failed={failed} />
      </SimpleGrid>
      <TilesSection tiles={me.tiles} onChanged={refreshMe} />
      <TasksSection tasks={me.tasks} timeZone={data?.school.timezone} onChanged={refreshMe} />
    </Stack>
  );
}
