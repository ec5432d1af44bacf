import { Button, Checkbox, Fieldset, Group, MultiSelect, Stack, Switch, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import { notify } from "../../ui/notify.tsx";
import { fieldOf } from "./format.ts";
import {
  MAIL_CHOICES,
  type NotificationValues,
  notificationErrors,
  notificationValues,
  notificationVariables,
} from "./notification-form.ts";
import { UpdateNotificationsDocument } from "./queries.ts";

const AlertTargetsDocument = graphql(`
  query alertTargets {
    courses(per_page: 250, sort_by: "title") {
      data {
        id
        title
      }
    }
    teams(per_page: 250, sort_by: "name") {
      data {
        id
        name
      }
    }
  }
`);

type Source = Parameters<typeof notificationValues>[0] & { id: number };

/**
 * The mails a user takes, SMS with a phone, and the alert filter (decision 0341: entries
 * course:<id> and team:<id>; none means every assigned course and team). Used by /Users/:id
 * and /Profile.
 */
export function NotificationsForm({
  user,
  readOnly,
  onSaved,
}: {
  user: Source;
  readOnly: boolean;
  onSaved: () => Promise<unknown>;
}) {
  const [v, setV] = useState<NotificationValues>(() => notificationValues(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const targets = useQuery({ queryKey: ["users", "alert-targets"], queryFn: () => execute(AlertTargetsDocument) });
  const options = [
    ...(targets.data?.courses.data ?? []).map((c) => ({ value: `course:${c.id}`, label: `Course: ${c.title}` })),
    ...(targets.data?.teams.data ?? []).map((t) => ({ value: `team:${t.id}`, label: `Team: ${t.name}` })),
  ];
  // entries the viewer cannot list (or events) still show, by their id
  for (const e of v.alert_filter) if (!options.some((o) => o.value === e)) options.push({ value: e, label: e });
  const set = (patch: Partial<NotificationValues>) => setV((x) => ({ ...x, ...patch }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local = notificationErrors(v);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await execute(UpdateNotificationsDocument, notificationVariables(user.id, v));
      notify.success("Notification choices were saved.");
      await onSaved();
    } catch (err) {
      const { field, message } = fieldOf(err);
      if (field && field !== "user_id") setErrors({ [field]: message });
      else notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Notifications">
      <Stack gap="md" maw={640}>
        <Fieldset legend="E-mails" disabled={readOnly}>
          <Stack gap="xs">
            {MAIL_CHOICES.map(([key, label]) => (
              <Checkbox
                key={key}
                label={label}
                checked={v[key]}
                onChange={(e) => set({ [key]: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        </Fieldset>
        <Fieldset legend="Text messages" disabled={readOnly}>
          <Stack gap="xs">
            <Switch
              label="Send alerts by SMS"
              checked={v.prefers_sms}
              onChange={(e) => set({ prefers_sms: e.currentTarget.checked })}
            />
            <TextInput
              label="Phone for SMS"
              type="tel"
              value={v.phone_number}
              error={errors.phone_number}
              onChange={(e) => set({ phone_number: e.currentTarget.value })}
            />
          </Stack>
        </Fieldset>
        <MultiSelect
          label="Alert only for these courses and teams"
          description="Leave empty to be alerted for every course and team assigned to this user."
          searchable
          clearable
          disabled={readOnly}
          data={options}
          value={v.alert_filter}
          onChange={(alert_filter) => set({ alert_filter })}
          error={errors.alert_filter}
          nothingFoundMessage="No matching data"
        />
        {!readOnly && (
          <Group>
            <Button type="submit" loading={busy}>
              Save notifications
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
