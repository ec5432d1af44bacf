import { Anchor, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { PageHeading } from "../../ui/PageHeading.tsx";

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Stack gap="sm">
      <PageHeading>Page not found</PageHeading>
      <Text>
        There is no page at <code>{pathname}</code>.{" "}
        <Anchor component={Link} to="/Dashboard">
          Go to the dashboard
        </Anchor>
      </Text>
    </Stack>
  );
}
