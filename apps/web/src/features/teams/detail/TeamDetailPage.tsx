import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useMe } from "../../../lib/me.ts";
import {
  AddTileButton,
  HeaderBadge,
  RemoveRestoreButton,
  useDetailActions,
} from "../../../ui/detail/DetailActions.tsx";
import { DetailHeader } from "../../../ui/detail/DetailHeader.tsx";
import { formatPercent } from "../../../ui/detail/format.ts";
import { KeyValueList } from "../../../ui/detail/KeyValueList.tsx";
import { NotFoundPanel } from "../../../ui/detail/NotFoundPanel.tsx";
import { UrlTabs } from "../../../ui/detail/UrlTabs.tsx";
import { FormModal } from "../../../ui/form/FormModal.tsx";
import { notify } from "../../../ui/notify.tsx";
import { PageHeading } from "../../../ui/PageHeading.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { AssignedUsers } from "../../links/AssignedUsers.tsx";
import { visibilityWord } from "../list/columns.tsx";
import { teamPermissions } from "../permissions.ts";
import {
  isNotFound,
  RemoveTeamDocument,
  RestoreTeamDocument,
  type SchoolFacts,
  type TeamDetail,
  UpdateTeamDocument,
  useRefreshTeam,
  useTeamDetail,
  useTeamUsers,
} from "../queries.ts";
import { TeamForm } from "../TeamForm.tsx";
import { teamFormFrom, teamVariables } from "../team-form.ts";
import { usePhone } from "../use-phone.ts";
import { StudentsTab } from "./StudentsTab.tsx";
import { TravelTab } from "./TravelTab.tsx";

/** /Teams/:uuid — a team: header with its actions, and the tabs Students, Travel (team roles), Users. */
export default function TeamDetailPage() {
  const { uuid = "" } = useParams();
  const detail = useTeamDetail(uuid);
  if (detail.isError && isNotFound(detail.error)) {
    return <NotFoundPanel what="Team" backTo="/Teams" backLabel="Back to the teams" />;
  }
  if (!detail.data) {
    return (
      <Stack gap="sm">
        <PageHeading>Team</PageHeading>
        {detail.isError ? (
          <Alert color="red" role="alert" title="The team could not be loaded">
            {detail.error.message}{" "}
            <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Spinner label="Loading the team" />
        )}
      </Stack>
    );
  }
  return <TeamDetailView team={detail.data.team} school={detail.data.school} />;
}

function TeamDetailView({ team, school }: { team: TeamDetail; school: SchoolFacts }) {
  const me = useMe();
  const can = teamPermissions(me);
  const refresh = useRefreshTeam(team.uuid);
  const users = useTeamUsers(team.uuid);
  const [editing, setEditing] = useState(false);
  const phone = usePhone();
  const removed = team.deleted_at !== null;

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
          kind="team"
          name={team.name}
          removed={removed}
          removeNote="It leaves the lists; its members, travel and staff are kept, and it can be restored."
          remove={() => execute(RemoveTeamDocument, { id: team.id })}
          restore={() => execute(RestoreTeamDocument, { id: team.id })}
        />
      )}
      <AddTileButton actions={detail} kind="team" id={team.id} name={team.name} />
    </>
  );

  const badge = (text: string, color: string) => <HeaderBadge color={color}>{text}</HeaderBadge>;
  const badges = (
    <>
      {team.tag && badge(team.tag, "gray")}
      {team.is_sport && badge("Sport", "blue")}
      {badge(visibilityWord(team.visibility), team.visibility === "public" ? "teal" : "gray")}
      {removed && badge("Removed", "red")}
    </>
  );

  const tabs = [
    { value: "students", label: "Students", panel: <StudentsTab team={team} school={school} can={can} /> },
    ...(can.travel
      ? [{ value: "travel", label: "Travel", panel: <TravelTab team={team} timeZone={school.timezone} /> }]
      : []),
    {
      value: "users",
      label: "Users",
      panel: (
        <AssignedUsers
          type="team"
          id={team.id}
          title={team.name}
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
        title={team.name}
        back={
          <Anchor component={Link} to="/Teams" size="sm">
            ← Groups
          </Anchor>
        }
        badges={badges}
        actions={actions}
      >
        <KeyValueList
          columns={3}
          label="Team"
          items={[
            { label: "Tag", value: team.tag },
            { label: "Sport team", value: team.is_sport ? "Yes" : "No" },
            { label: "Visibility", value: visibilityWord(team.visibility) },
            { label: "Students", value: formatCount(team.students_count) },
            { label: "APA", value: formatPercent(team.apa) },
          ]}
        />
      </DetailHeader>
      <UrlTabs label="Team sections" defaultTab="students" tabs={tabs} />
      <FormModal opened={editing} onClose={() => setEditing(false)} title={`Edit ${team.name}`} fullScreen={phone}>
        <TeamForm
          label="Edit team"
          initial={teamFormFrom(team)}
          submitLabel="Save"
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await execute(UpdateTeamDocument, { id: team.id, ...teamVariables(values) });
            setEditing(false);
            notify.success(`${values.name.trim()} was saved.`);
            await refresh();
          }}
        />
      </FormModal>
    </Stack>
  );
}
