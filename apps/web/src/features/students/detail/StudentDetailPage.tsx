import { Alert, Anchor, Badge, Button, SimpleGrid, Stack } from "@mantine/core";
import { formatPhone } from "@rollbook/domain";
import { Link, useParams } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useMe } from "../../../lib/me.ts";
import { ApaFigure } from "../../../ui/ApaFigure.tsx";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DetailHeader } from "../../../ui/detail/DetailHeader.tsx";
import { formatDateTime } from "../../../ui/detail/format.ts";
import { KeyValueList } from "../../../ui/detail/KeyValueList.tsx";
import { NotFoundPanel } from "../../../ui/detail/NotFoundPanel.tsx";
import { UrlTabs } from "../../../ui/detail/UrlTabs.tsx";
import { PageHeading } from "../../../ui/PageHeading.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { CoursesTab } from "./CoursesTab.tsx";
import { EventsTab } from "./EventsTab.tsx";
import { DeviceCard, NowCard, TokenCard } from "./HeaderCards.tsx";
import { InformationTab } from "./InformationTab.tsx";
import {
  isNotFound,
  RemoveStudentDocument,
  RestoreStudentDocument,
  type StudentDetailData,
  useStudentDetail,
  useStudentMutation,
} from "./queries.ts";

export const fullName = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`;

/** /Students/:uuid — a participant: header, where they are now, device, token, and the tabs. */
export default function StudentDetailPage() {
  const { uuid = "" } = useParams();
  const detail = useStudentDetail(uuid);
  if (detail.isError && isNotFound(detail.error)) {
    return <NotFoundPanel what="Participant" backTo="/Students" backLabel="Back to the participants" />;
  }
  if (!detail.data) {
    return (
      <Stack gap="sm">
        <PageHeading>Participant</PageHeading>
        {detail.isError ? (
          <Alert color="red" role="alert" title="The participant could not be loaded">
            {detail.error.message}{" "}
            <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Spinner label="Loading the participant" />
        )}
      </Stack>
    );
  }
  return <StudentDetailView data={detail.data} />;
}

function StudentDetailView({ data }: { data: StudentDetailData }) {
  const { school, student } = data;
  const me = useMe();
  const perms = me.role.permissions;
  const tz = school.timezone;
  const warning = school.warning_percentage;
  const removed = student.deleted_at !== null;
  const remove = useStudentMutation(student.uuid, () => execute(RemoveStudentDocument, { id: student.id }));
  const restore = useStudentMutation(student.uuid, () => execute(RestoreStudentDocument, { id: student.id }));
  const name = fullName(student);

  const actions = perms.create_participant ? (
    removed ? (
      <Button
        variant="light"
        loading={restore.isPending}
        onClick={() =>
          void confirmThen(
            { title: "Restore participant", message: `Restore ${name} to the active participants?` },
            () => restore.mutateAsync(undefined),
            `${name} was restored.`,
          )
        }
      >
        Restore
      </Button>
    ) : (
      <Button
        variant="light"
        color="red"
        loading={remove.isPending}
        onClick={() =>
          void confirmThen(
            {
              title: "Remove participant",
              message: `Remove ${name}? Their attendance is kept, and they can be restored later.`,
              danger: true,
            },
            () => remove.mutateAsync(undefined),
            `${name} was removed.`,
          )
        }
      >
        Remove
      </Button>
    )
  ) : undefined;

  return (
    <Stack gap="md" maw={1200}>
      <DetailHeader
        title={name}
        back={
          <Anchor component={Link} to="/Students" size="sm">
            ← Participants
          </Anchor>
        }
        subtitle={student.preferred_name ? `Goes by ${student.preferred_name}` : undefined}
        badges={
          removed ? (
            <Badge color="red" variant="light" c="red.9" tt="none" size="lg">
              Removed
            </Badge>
          ) : undefined
        }
        actions={actions}
      >
        <KeyValueList
          columns={2}
          label="Participant"
          items={[
            {
              label: "E-mail",
              value: student.email ? <Anchor href={`mailto:${student.email}`}>{student.email}</Anchor> : null,
            },
            { label: "Phone", value: formatPhone(student.phone) },
            { label: "School identifier", value: student.school_identifier },
            {
              label: "Weekly APA",
              value: <ApaFigure apa={student.weekly_apa} warning={warning} justify="flex-start" />,
            },
            {
              label: "Semester APA",
              value: <ApaFigure apa={student.semester_apa} warning={warning} justify="flex-start" />,
            },
            { label: "Removed on", value: removed ? formatDateTime(student.deleted_at, tz) : null, show: removed },
          ]}
        />
      </DetailHeader>
      <SimpleGrid cols={{ base: 1, md: perms.reset_token ? 3 : 2 }} spacing="md">
        <NowCard student={student} timeZone={tz} />
        <DeviceCard student={student} timeZone={tz} canRelease={perms.reset_token} />
        {perms.reset_token && <TokenCard student={student} />}
      </SimpleGrid>
      <UrlTabs
        label="Participant sections"
        defaultTab="courses"
        tabs={[
          { value: "courses", label: "Courses", panel: <CoursesTab student={student} warning={warning} /> },
          { value: "events", label: "Events", panel: <EventsTab student={student} /> },
          {
            value: "information",
            label: "Information",
            panel: <InformationTab student={student} timeZone={tz} can={perms} />,
          },
        ]}
      />
    </Stack>
  );
}
