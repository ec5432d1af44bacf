import { SimpleGrid, Stack, Text } from "@mantine/core";
import { useMe } from "../../lib/me.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";

/** /Profile: who is signed in; editing the profile and password arrives later. */
export default function ProfilePage() {
  const me = useMe();
  const rows: [string, string][] = [
    ["Name", `${me.first_name} ${me.last_name}`],
    ["Email", me.email],
    ["Role", me.role.display_name],
  ];
  return (
    <Stack gap="md">
      <PageHeading>Profile</PageHeading>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} m={0} maw={720}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase">
              {term}
            </Text>
            <Text component="dd" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text>This area arrives in a later release.</Text>
    </Stack>
  );
}
