import { Alert, Anchor, Button, CopyButton, Group, Stack, Text } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useMe } from "../../../lib/me.ts";
import { formatDate } from "../../../ui/dates/date-format.ts";
import {
  AddTileButton,
  HeaderBadge,
  RemoveRestoreButton,
  useDetailActions,
} from "../../../ui/detail/DetailActions.tsx";
import { DetailHeader } from "../../../ui/detail/DetailHeader.tsx";
import { minutesOrDefault } from "../../../ui/detail/format.ts";
import { KeyValueList } from "../../../ui/detail/KeyValueList.tsx";
import { NotFoundPanel } from "../../../ui/detail/NotFoundPanel.tsx";
import { UrlTabs } from "../../../ui/detail/UrlTabs.tsx";
import { FormModal } from "../../../ui/form/FormModal.tsx";
import { notify } from "../../../ui/notify.tsx";
import { PageHeading } from "../../../ui/PageHeading.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { AssignedUsers } from "../../links/AssignedUsers.tsx";
import { eventPermissions } from "../../teams/permissions.ts";
import { usePhone } from "../../teams/use-phone.ts";
import { EventForm } from "../EventForm.tsx";
import { eventFormFrom, eventTimes, eventVariables } from "../event-form.ts";
import { visibilityWord } from "../list/columns.tsx";
import { useLocationChoices } from "../location-choices.ts";
import {
  type EventDetail,
  isNotFound,
  RemoveEventDocument,
  RestoreEventDocument,
  type SchoolFacts,
  UpdateEventDocument,
  useEventDetail,
  useEventTeamOptions,
  useEventUsers,
  useRefreshEvent,
} from "../queries.ts";
import { DashboardTab } from "./DashboardTab.tsx";
import { StudentsTab } from "./StudentsTab.tsx";
import { seatsLine } from "./seats.ts";
import { WaitlistTab } from "./WaitlistTab.tsx";

/** /Events/:uuid — an event: header with its actions, and the tabs Dashboard, Students, Waitlist, Users. */
export default function EventDetailPage() {
  const { uuid = "" } = useParams();
  const detail = useEventDetail(uuid);
  if (detail.isError && isNotFound(detail.error)) {
    return <NotFoundPanel what="Event" backTo="/Events" backLabel="Back to the events" />;
  }
  if (!detail.data) {
    return (
      <Stack gap="sm">
        <PageHeading>Event</PageHeading>
        {detail.isError ? (
          <Alert color="red" role="alert" title="The event could not be loaded">
            {detail.error.message}{" "}
            <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Spinner label="Loading the event" />
        )}
      </Stack>
    );
  }
  return <EventDetailView event={detail.data.event} school={detail.data.school} />;
}

function EventDetailView({ event, school }: { event: EventDetail; school: SchoolFacts }) {
  const me = useMe();
  const can = eventPermissions(me);
  const refresh = useRefreshEvent(event.uuid);
  const users = useEventUsers(event.uuid);
  const [editing, setEditing] = useState(false);
  const phone = usePhone();
  const locations = useLocationChoices(editing);
  const teams = useEventTeamOptions(editing);
  const removed = event.deleted_at !== null;

  const detail = useDetailActions(refresh);

  const actions = (
    <>
      {can.edit && !removed && (
        <Button variant="default" onClick={() => setEditing(true)}>
          Edit
        </Button>
      )}
      {can.edit && (
        <RemoveRestoreButton
          actions={detail}
          kind="event"
          name={event.title}
          removed={removed}
          removeNote="It leaves the lists and schedules; its attendance is kept, and it can be restored."
          remove={() => execute(RemoveEventDocument, { id: event.id })}
          restore={() => execute(RestoreEventDocument, { id: event.id })}
        />
      )}
      <AddTileButton actions={detail} kind="event" id={event.id} name={event.title} />
    </>
  );

  const badge = (text: string, color: string) => <HeaderBadge color={color}>{text}</HeaderBadge>;
  const badges = (
    <>
      {badge(visibilityWord(event.visibility), event.visibility === "public" ? "teal" : "gray")}
      {event.restriction && badge(`Restricted to ${event.restriction.name}`, "violet")}
      {event.is_in_session && badge("In session", "teal")}
      {removed && badge("Removed", "red")}
    </>
  );

  const tabs = [
    {
      value: "dashboard",
      label: "Dashboard",
      panel: <DashboardTab event={event} timeZone={school.timezone} canOverride={can.override} />,
    },
    {
      value: "students",
      label: "Students",
      panel: <StudentsTab event={event} can={can} warning={school.warning_percentage} />,
    },
    {
      value: "waitlist",
      label: `Waitlist (${formatCount(event.waitlist_count)})`,
      panel: <WaitlistTab event={event} timeZone={school.timezone} can={can} />,
    },
    {
      value: "users",
      label: "Users",
      panel: (
        <AssignedUsers
          type="event"
          id={event.id}
          title={event.title}
          users={users}
          canManage={can.manageUsers}
          readOnly={removed}
          onChanged={() => users.refetch()}
        />
      ),
    },
  ];

  return (
    <Stack gap="md" maw={1200}>
      <DetailHeader
        title={event.title}
        back={
          <Anchor component={Link} to="/Events" size="sm">
            ← Singular
          </Anchor>
        }
        subtitle={`${formatDate(event.date)} · ${eventTimes(event)}${event.location ? ` · ${event.location.name}` : ""}`}
        badges={badges}
        actions={actions}
      >
        <KeyValueList
          columns={3}
          label="Event"
          items={[
            { label: "Date", value: formatDate(event.date) },
            { label: "Times", value: eventTimes(event) },
            { label: "Location", value: event.location?.name },
            { label: "Seats", value: seatsLine(event) },
            { label: "Waitlist", value: formatCount(event.waitlist_count) },
            { label: "Late after", value: minutesOrDefault(event.late_time) },
            { label: "Absent after", value: minutesOrDefault(event.absent_time) },
            {
              label: "Minimum percentage",
              value: event.min_percentage === null ? "School default" : `${event.min_percentage}%`,
            },
            { label: "Drop cutoff", value: `${formatCount(event.drop_cutoff)} minutes before the start` },
            { label: "Alerts students", value: event.alerts_students ? "Yes" : "No" },
            { label: "ERN", value: event.ern, show: event.ern !== null },
            { label: "Description", value: event.description, show: !!event.description },
          ]}
        />
        {event.public_url && !removed && (
          <Group gap="xs" wrap="wrap" align="center">
            <Text size="sm" fw={500}>
              Public signup link:
            </Text>
            <Anchor href={event.public_url} size="sm" style={{ overflowWrap: "anywhere" }} target="_blank">
              {event.public_url}
            </Anchor>
            <CopyButton value={event.public_url}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy} aria-live="polite">
                  {copied ? "Copied" : "Copy link"}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
      </DetailHeader>
      <UrlTabs label="Event sections" defaultTab="dashboard" tabs={tabs} />
      <FormModal
        opened={editing}
        onClose={() => setEditing(false)}
        title={`Edit ${event.title}`}
        size="xl"
        fullScreen={phone}
      >
        <EventForm
          label="Edit event"
          initial={eventFormFrom(event)}
          submitLabel="Save"
          attending={event.attending_count}
          locations={
            event.location && !(locations.data ?? []).some((l) => l.value === String(event.location?.id))
              ? [{ value: String(event.location.id), label: event.location.name }, ...(locations.data ?? [])]
              : (locations.data ?? [])
          }
          teams={
            event.restriction && !(teams.data ?? []).some((t) => t.value === String(event.restriction?.id))
              ? [{ value: String(event.restriction.id), label: event.restriction.name }, ...(teams.data ?? [])]
              : (teams.data ?? [])
          }
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await execute(UpdateEventDocument, { id: event.id, ...eventVariables(values) });
            setEditing(false);
            notify.success(`${values.title.trim()} was saved.`);
            await refresh();
          }}
        />
      </FormModal>
    </Stack>
  );
}
