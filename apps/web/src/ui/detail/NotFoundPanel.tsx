import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageHeading } from "../PageHeading.tsx";

/**
 * What a detail page shows for an unknown id, or one the viewer may not see: a heading and a
 * way back, never a crash or an endless spinner.
 */
export function NotFoundPanel({ what, backTo, backLabel }: { what: string; backTo: string; backLabel: string }) {
  return (
    <Stack gap="sm">
      <PageHeading>{`${what} not found`}</PageHeading>
      <Text>This {what.toLowerCase()} does not exist, or you may not see it.</Text>
      <Text>
        <Anchor component={Link} to={backTo}>
          {backLabel}
        </Anchor>
      </Text>
    </Stack>
  );
}
