import { SimpleGrid, Skeleton, Text } from "@mantine/core";
import { formatPhone } from "@rollbook/domain";
import { zoneLabel } from "../../ui/detail/format.ts";
import type { DashboardData } from "./queries.ts";
import { Section } from "./Section.tsx";

function Item({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase">
        {term}
      </Text>
      <Text component="dd" m={0}>
        {children || "Not set"}
      </Text>
    </div>
  );
}

export function SchoolSection({ school }: { school: DashboardData["school"] | undefined }) {
  return (
    <Section title="School">
      {school ? (
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0}>
          <Item term="Name">{school.name}</Item>
          <Item term="Address">{school.address ?? ""}</Item>
          <Item term="Phone">{formatPhone(school.phone)}</Item>
          <Item term="Time zone">{zoneLabel(school.timezone)}</Item>
        </SimpleGrid>
      ) : (
        <Skeleton height={48} />
      )}
    </Section>
  );
}
