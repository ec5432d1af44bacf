import { Button, Group, Paper, Text } from "@mantine/core";
import { useState } from "react";
import { notify } from "../../ui/notify.tsx";
import { useActing } from "./acting.ts";
import { switchBackFrom } from "./switching.ts";

/**
 * "Acting as <name>" above every page while a switched session runs, with the way back. A
 * region with a name, so a screen reader finds it from the landmarks list.
 */
export function ActingBanner() {
  const { me, impersonator } = useActing();
  const [busy, setBusy] = useState(false);
  if (!me || !impersonator) return null;
  const back = async () => {
    setBusy(true);
    try {
      await switchBackFrom(me.id);
    } catch (err) {
      setBusy(false);
      notify.error(err instanceof Error ? err.message : "Could not switch back.");
    }
  };
  return (
    <Paper
      component="section"
      aria-label="Acting as another user"
      bg="yellow.1"
      c="dark.9"
      px="md"
      py="xs"
      mb="md"
      withBorder
      data-testid="acting-banner"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={700}>
          Acting as {me.first_name} {me.last_name}
          <Text span fw={400}>
            {" "}
            (you are {impersonator.first_name} {impersonator.last_name})
          </Text>
        </Text>
        <Button size="xs" color="dark" loading={busy} onClick={() => void back()}>
          Switch back to {impersonator.first_name}
        </Button>
      </Group>
    </Paper>
  );
}
