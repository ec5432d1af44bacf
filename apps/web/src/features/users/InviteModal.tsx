import { Button, Group, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { grantableRoles } from "@rollbook/domain";
import { useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { MODAL_ATTRIBUTES } from "../../ui/confirm.tsx";
import { notify } from "../../ui/notify.tsx";
import { fieldOf } from "./format.ts";
import { InviteUserDocument } from "./queries.ts";

/** Invite a user: first name, e-mail and a role the inviter may grant (the server checks again). */
export function InviteModal(props: {
  opened: boolean;
  onClose: () => void;
  viewerRoleId: number;
  onInvited: () => void;
}) {
  const roles = grantableRoles(props.viewerRoleId);
  const [first, setFirst] = useState("");
  const [last, setLast] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState(String(roles.at(-1)?.id ?? ""));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!first.trim()) local.first_name = "First name is required";
    if (!email.trim()) local.email = "E-mail is required";
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await execute(InviteUserDocument, {
        first_name: first,
        last_name: last || null,
        email,
        role_id: Number(role),
      });
      notify.success(`An invitation was sent to ${email.trim()}.`);
      setFirst("");
      setLast("");
      setEmail("");
      props.onInvited();
      props.onClose();
    } catch (err) {
      const { field, message } = fieldOf(err);
      if (field) setErrors({ [field]: message });
      else notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Invite a user"
      closeButtonProps={{ "aria-label": "Close" }}
      attributes={MODAL_ATTRIBUTES}
    >
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Invite a user">
        <Stack gap="sm">
          <TextInput
            label="First name"
            required
            withAsterisk={false}
            value={first}
            onChange={(e) => setFirst(e.currentTarget.value)}
            error={errors.first_name}
            data-autofocus
          />
          <TextInput
            label="Last name"
            value={last}
            onChange={(e) => setLast(e.currentTarget.value)}
            error={errors.last_name}
          />
          <TextInput
            label="E-mail"
            type="email"
            required
            withAsterisk={false}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <NativeSelect
            label="Role"
            value={role}
            onChange={(e) => setRole(e.currentTarget.value)}
            error={errors.role_id}
            data={roles.map((r) => ({ value: String(r.id), label: r.display_name }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
