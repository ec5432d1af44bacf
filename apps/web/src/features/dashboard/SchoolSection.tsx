import { SimpleGrid, Text } from "@mantine/core";
import { formatPhone } from "@rollbook/domain";
import type { Ref } from "react";
import { zoneLabel } from "../../ui/detail/format.ts";
import type { DashboardData } from "./queries.ts";
import { Section, SectionPending } from "./Section.tsx";

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

export function SchoolSection({
  school,
  failed = false,
  headingRef,
}: {
  school: DashboardData["school"] | undefined;
  /** the dashboard's call failed: no school to show */
  failed?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <Section title="School" headingRef={headingRef}>
      {school ? (
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0}>
          <Item term="Name">{school.name}</Item>
          <Item term="Address">{school.address ?? ""}</Item>
          <Item term="Phone">{formatPhone(school.phone)}</Item>
          <Item term="Time zone">{zoneLabel(school.timezone)}</Item>
        </SimpleGrid>
      ) : (
        <SectionPending failed={failed} height={48} what="school's details" />
      )}
    </Section>
  );
}
