import { Button, Checkbox, Fieldset, Group, MultiSelect, Stack, Switch, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import { KeyValueList } from "../../ui/detail/KeyValueList.tsx";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import { notify } from "../../ui/notify.tsx";
import { showRefusal } from "./format.ts";
import {
  alertFilterOptions,
  MAIL_CHOICES,
  type NamedTarget,
  NOTIFICATION_LABELS,
  NOTIFICATION_ORDER,
  type NotificationValues,
  notificationErrors,
  notificationSummary,
  notificationValues,
  notificationVariables,
} from "./notification-form.ts";
import { ALERT_TARGETS_KEY, UpdateNotificationsDocument } from "./queries.ts";

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

type Source = Parameters<typeof notificationValues>[0] & {
  id: number;
  /** The user's own courses, events and teams (as far as the viewer may see them): more names for the filter's entries. */
  assignedCourses?: readonly NamedTarget[];
  assignedEvents?: readonly NamedTarget[];
  assignedTeams?: readonly NamedTarget[];
};

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
  const { form, busy, submit } = useRecordForm({
    name: "notifications",
    initialValues: notificationValues(user),
    validate: notificationErrors,
    order: NOTIFICATION_ORDER,
    labels: NOTIFICATION_LABELS,
    unsaved: "the notification choices",
  });
  const targets = useQuery({ queryKey: ALERT_TARGETS_KEY, queryFn: () => execute(AlertTargetsDocument) });
  // entries the viewer cannot list (another user's teams, for a role that sees only its own) or
  // that are not offered (events) still show in words, by the name known for them or by kind and number
  const options = alertFilterOptions(
    { course: targets.data?.courses.data, team: targets.data?.teams.data },
    { course: user.assignedCourses, event: user.assignedEvents, team: user.assignedTeams },
    form.values.alert_filter,
  );

  const save = async (values: NotificationValues) => {
    try {
      await execute(UpdateNotificationsDocument, notificationVariables(user.id, values));
      form.resetDirty();
      notify.success("Notification choices were saved.");
      await onSaved();
    } catch (err) {
      showRefusal(err, form.setFieldError, { except: "user_id", labels: NOTIFICATION_LABELS });
    }
  };

  // a viewer who may not change them reads the choices in words, not as faint disabled controls
  if (readOnly) return <KeyValueList label="Notifications" items={notificationSummary(form.values, options)} />;

  return (
    <form onSubmit={submit(save)} noValidate aria-label="Notifications">
      <Stack gap="md" maw={640}>
        <Fieldset legend="E-mails">
          <Stack gap="xs">
            {MAIL_CHOICES.map(([key, label]) => (
              <Checkbox key={key} label={label} {...form.getInputProps(key, { type: "checkbox" })} />
            ))}
          </Stack>
        </Fieldset>
        <Fieldset legend="Text messages">
          <Stack gap="xs">
            <Switch label="Send alerts by SMS" {...form.getInputProps("prefers_sms", { type: "checkbox" })} />
            <TextInput label="Phone for SMS" type="tel" {...form.getInputProps("phone_number")} />
          </Stack>
        </Fieldset>
        <MultiSelect
          label="Alert only for these courses and teams"
          description="Leave empty to be alerted for every course and team assigned to this user."
          searchable
          clearable
          data={options}
          {...form.getInputProps("alert_filter")}
          nothingFoundMessage="No matching data"
        />
        <Group>
          <Button type="submit" loading={busy}>
            Save notifications
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
