import { Stack, Text } from "@mantine/core";
import { PageHeading } from "../../ui/PageHeading.tsx";

/** A route whose screen a later issue builds: it exists, is guarded, and says so plainly. */
export default function LaterPage({ title }: { title: string }) {
  return (
    <Stack gap="sm">
      <PageHeading>{title}</PageHeading>
      <Text>This area arrives in a later release.</Text>
    </Stack>
  );
}
