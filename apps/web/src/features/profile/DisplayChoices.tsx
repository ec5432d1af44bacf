import { Stack, Switch, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { ME_KEY } from "../../lib/me.ts";
import { setPrefs, useSession } from "../../lib/session.ts";
import { notify } from "../../ui/notify.tsx";
import { UpdateProfileDocument } from "./queries.ts";

/**
 * Higher contrast (7:1 text) and the accessibility mode (reduced motion, larger targets): each
 * switch applies at once, then is saved; a refusal puts the page back as it was.
 */
export function DisplayChoices() {
  const { prefs } = useSession();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (patch: Partial<typeof prefs>) => {
    const before = prefs;
    setPrefs({ ...prefs, ...patch });
    setBusy(true);
    try {
      await execute(UpdateProfileDocument, patch);
      await client.invalidateQueries({ queryKey: ME_KEY });
    } catch (err) {
      setPrefs(before);
      notify.error(err instanceof Error ? err.message : "The choice could not be saved.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Switch
        label="Higher contrast"
        description="Text and controls at a contrast of at least 7:1."
        checked={prefs.higher_contrast}
        disabled={busy}
        onChange={(e) => void change({ higher_contrast: e.currentTarget.checked })}
      />
      <Switch
        label="Accessibility mode"
        description="Reduced motion, larger click targets and a focus ring that always shows."
        checked={prefs.a11y_mode}
        disabled={busy}
        onChange={(e) => void change({ a11y_mode: e.currentTarget.checked })}
      />
      <Text size="sm" c="dimmed">
        Changes apply at once and follow you to every device.
      </Text>
    </Stack>
  );
}
