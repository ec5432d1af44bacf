import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { canManageUser, switchRefusal } from "@rollbook/domain";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useMe } from "../../../lib/me.ts";
import { confirm, isDeclined } from "../../../ui/confirm.tsx";
import { HeaderBadge } from "../../../ui/detail/DetailActions.tsx";
import { DetailHeader } from "../../../ui/detail/DetailHeader.tsx";
import { KeyValueList } from "../../../ui/detail/KeyValueList.tsx";
import { NotFoundPanel } from "../../../ui/detail/NotFoundPanel.tsx";
import { UrlTabs } from "../../../ui/detail/UrlTabs.tsx";
import { EmailAddress } from "../../../ui/EmailAddress.tsx";
import { notify } from "../../../ui/notify.tsx";
import { PageHeading } from "../../../ui/PageHeading.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { useActing } from "../acting.ts";
import { fullName, lastSeen } from "../format.ts";
import { NotificationsForm } from "../NotificationsForm.tsx";
import { RemoveUserDocument, RestoreUserDocument, type UserDetail, useUserDetail } from "../queries.ts";
import { switchInto } from "../switching.ts";
import { AccessTab } from "./AccessTab.tsx";
import { InformationTab } from "./InformationTab.tsx";
import { SecurityTab } from "./SecurityTab.tsx";

/** /Users/:id — a user: header with Switch into and Remove/Restore, tabs Information, Access, Security, Notifications. */
export default function UserDetailPage() {
  const { id = "" } = useParams();
  const userId = Number(id);
  const detail = useUserDetail(userId);
  const notFound =
    !Number.isInteger(userId) || userId < 1 || (detail.isError && /not found/i.test(detail.error.message));
  if (notFound) return <NotFoundPanel what="User" backTo="/Users" backLabel="Back to the users" />;
  if (!detail.data)
    return (
      <Stack gap="sm">
        <PageHeading>User</PageHeading>
        {detail.isError ? (
          <Alert color="red" role="alert" title="The user could not be loaded">
            {detail.error.message}
          </Alert>
        ) : (
          <Spinner label="Loading the user" />
        )}
      </Stack>
    );
  return (
    <UserDetailView user={detail.data.user} timeZone={detail.data.school.timezone} refresh={() => detail.refetch()} />
  );
}

function UserDetailView({
  user,
  timeZone,
  refresh,
}: {
  user: UserDetail;
  timeZone: string;
  refresh: () => Promise<unknown>;
}) {
  const me = useMe();
  const acting = useActing();
  const [busy, setBusy] = useState<string | null>(null);
  const self = user.id === me.id;
  const actor = { id: me.id, roleId: me.role.id, schoolId: me.school_id };
  const target = { id: user.id, roleId: user.role_id, schoolId: user.school_id };
  const manage = canManageUser(actor, target);
  const removed = user.deleted_at !== null;
  // the button shows only when the switch would be allowed (the server checks again)
  const canSwitch = !switchRefusal(
    { ...actor, switched: acting.impersonator !== null },
    { ...target, active: user.active, removed },
  );

  const run = async (
    key: string,
    ask: { title: string; message: string; danger?: boolean },
    fn: () => Promise<unknown>,
    done?: string,
  ) => {
    try {
      await confirm(ask);
      setBusy(key);
      await fn();
      if (done) notify.success(done);
      await refresh();
    } catch (err) {
      if (!isDeclined(err)) notify.error(err instanceof Error ? err.message : "That did not work.");
    } finally {
      setBusy(null);
    }
  };

  const name = fullName(user);
  const actions = (
    <>
      {canSwitch && (
        <Button
          variant="default"
          loading={busy === "switch"}
          onClick={() =>
            void run(
              "switch",
              {
                title: "Switch into user",
                message: `Act as ${name}? The switch is recorded; a banner offers the way back.`,
              },
              () => switchInto(user.id),
            )
          }
        >
          Switch into user
        </Button>
      )}
      {manage &&
        (removed ? (
          <Button
            variant="light"
            loading={busy === "restore"}
            onClick={() =>
              void run(
                "restore",
                { title: "Restore user", message: `Restore ${name}?` },
                () => execute(RestoreUserDocument, { id: user.id }),
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
            loading={busy === "remove"}
            onClick={() =>
              void run(
                "remove",
                {
                  title: "Remove user",
                  message: `Remove ${name}? Their sessions end; they can be restored.`,
                  danger: true,
                },
                () => execute(RemoveUserDocument, { id: user.id }),
                `${name} was removed.`,
              )
            }
          >
            Remove
          </Button>
        ))}
    </>
  );

  const badges = (
    <>
      <HeaderBadge color="blue">{user.role.display_name}</HeaderBadge>
      {removed ? (
        <HeaderBadge color="red">Removed</HeaderBadge>
      ) : (
        !user.active && <HeaderBadge color="gray">Inactive</HeaderBadge>
      )}
      {self && <HeaderBadge color="teal">You</HeaderBadge>}
    </>
  );

  const readOnly = !manage || removed;
  const tabs = [
    {
      value: "information",
      label: "Information",
      panel: <InformationTab user={user} readOnly={readOnly} self={self} viewerRoleId={me.role.id} onSaved={refresh} />,
    },
    { value: "access", label: "Access", panel: <AccessTab user={user} readOnly={readOnly} onChanged={refresh} /> },
    {
      value: "security",
      label: "Security",
      panel: <SecurityTab user={user} manage={manage && !removed} self={self} />,
    },
    {
      value: "notifications",
      label: "Notifications",
      panel: <NotificationsForm user={user} readOnly={!(manage || self) || removed} onSaved={refresh} />,
    },
  ];

  return (
    <Stack gap="md" maw={1200}>
      <DetailHeader
        title={name}
        back={
          <Anchor component={Link} to="/Users" size="sm">
            ← Users
          </Anchor>
        }
        badges={badges}
        actions={actions}
      >
        <KeyValueList
          columns={3}
          label="User"
          items={[
            // a long address wraps after its "@" or before a ".", not mid-word (EmailAddress)
            { label: "E-mail", value: user.email && <EmailAddress address={user.email} /> },
            { label: "Role", value: user.role.display_name },
            { label: "Last seen", value: lastSeen(user.last_seen, timeZone) },
          ]}
        />
      </DetailHeader>
      <UrlTabs label="User sections" defaultTab="information" tabs={tabs} />
    </Stack>
  );
}
