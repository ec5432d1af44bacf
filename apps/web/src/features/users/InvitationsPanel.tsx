import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { canManageUsers, mayInvite } from "@rollbook/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { ActionsHeader } from "../../ui/ActionsHeader.tsx";
import { CaptionedTable } from "../../ui/CaptionedTable.tsx";
import { confirm, isDeclined } from "../../ui/confirm.tsx";
import { notify } from "../../ui/notify.tsx";
import { lastSeen, roleName } from "./format.ts";
import { InvitationsDocument, ResendInvitationDocument, RevokeInvitationDocument } from "./queries.ts";

export const INVITATIONS_KEY = ["users", "invitations"] as const;

/**
 * Open invitations of the school, with Resend and Revoke for those within the viewer's rank; Resend
 * is a new invitation, so an advisor has it only while the school allows inviting (decision 0953).
 */
export function InvitationsPanel({ viewerRoleId }: { viewerRoleId: number }) {
  const list = useQuery({
    queryKey: INVITATIONS_KEY,
    queryFn: () => execute(InvitationsDocument, { state: "open", per_page: 100 }),
  });
  const [busy, setBusy] = useState<number | null>(null);
  const rows = list.data?.invitations.data ?? [];
  const allowInvite = list.data?.school.allow_user_invite ?? false;
  const act = async (id: number, email: string, revoke: boolean) => {
    try {
      if (revoke)
        await confirm({
          title: "Revoke invitation",
          message: `Revoke the invitation of ${email}? Its link stops working.`,
          danger: true,
        });
      setBusy(id);
      if (revoke) await execute(RevokeInvitationDocument, { id });
      else await execute(ResendInvitationDocument, { id });
      notify.success(revoke ? `The invitation of ${email} was revoked.` : `The invitation was sent again to ${email}.`);
      await list.refetch();
    } catch (err) {
      if (!isDeclined(err)) notify.error(err instanceof Error ? err.message : "The invitation could not be changed.");
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="open-invitations">
      <Title order={2} size="h4" id="open-invitations">
        Open invitations
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{list.isPending ? "Loading invitations…" : "No open invitations."}</Text>
      ) : (
        // named by a caption above it (not by the heading alone), which a phone does not scroll away
        <CaptionedTable caption="Invitations not accepted yet" minWidth={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">E-mail</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">Expires</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{`${i.first_name} ${i.last_name ?? ""}`.trim()}</Table.Td>
                <Table.Td>{i.email}</Table.Td>
                <Table.Td>{roleName(i.role_id)}</Table.Td>
                <Table.Td>{lastSeen(i.expires_at, list.data?.school.timezone ?? "")}</Table.Td>
                <Table.Td>
                  {canManageUsers(viewerRoleId, i.role_id) && (
                    <Group gap="xs" wrap="nowrap">
                      {mayInvite(viewerRoleId, allowInvite, i.role_id) && (
                        <Button
                          size="xs"
                          variant="light"
                          loading={busy === i.id}
                          onClick={() => void act(i.id, i.email, false)}
                          aria-label={`Resend the invitation of ${i.email}`}
                        >
                          Resend
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => void act(i.id, i.email, true)}
                        aria-label={`Revoke the invitation of ${i.email}`}
                      >
                        Revoke
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CaptionedTable>
      )}
    </Stack>
  );
}
