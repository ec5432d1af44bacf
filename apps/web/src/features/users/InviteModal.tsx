import { Button, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { grantableRoles } from "@rollbook/domain";
import { execute } from "../../lib/graphql.ts";
import { FormModal } from "../../ui/form/FormModal.tsx";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import { notify } from "../../ui/notify.tsx";
import { showRefusal } from "./format.ts";
import { INVITE_LABELS, INVITE_ORDER, type InviteValues, inviteErrors } from "./information-form.ts";
import { InviteUserDocument } from "./queries.ts";

const typed = (v: InviteValues) => [v.first_name, v.last_name, v.email].some((x) => x.trim() !== "");

/** Invite a user: first name, e-mail and a role the inviter may grant (the server checks again). */
export function InviteModal(props: {
  opened: boolean;
  onClose: () => void;
  viewerRoleId: number;
  onInvited: () => void;
}) {
  const roles = grantableRoles(props.viewerRoleId);
  const { form, busy, submit } = useRecordForm({
    name: "invite",
    initialValues: { first_name: "", last_name: "", email: "", role_id: String(roles.at(-1)?.id ?? "") },
    validate: inviteErrors,
    order: INVITE_ORDER,
    labels: INVITE_LABELS,
  });

  // the form outlives the dialog: what was typed goes with it (saved, cancelled or discarded);
  // the role chosen stays for the next invitation
  const close = () => {
    form.setValues({ first_name: "", last_name: "", email: "" });
    form.clearErrors();
    props.onClose();
  };

  const save = async (v: InviteValues) => {
    try {
      await execute(InviteUserDocument, {
        first_name: v.first_name,
        last_name: v.last_name || null,
        email: v.email,
        role_id: Number(v.role_id),
      });
      notify.success(`An invitation was sent to ${v.email.trim()}.`);
      props.onInvited();
      close();
    } catch (err) {
      showRefusal(err, form.setFieldError, { labels: INVITE_LABELS });
    }
  };

  return (
    <FormModal
      opened={props.opened}
      onClose={close}
      title="Invite a user"
      // the role alone is no edit: it stays for the next invitation on purpose
      unsaved={typed(form.values) && !busy ? "the invitation" : null}
    >
      <form onSubmit={submit(save)} noValidate aria-label="Invite a user">
        <Stack gap="sm">
          <TextInput
            label="First name"
            required
            withAsterisk={false}
            {...form.getInputProps("first_name")}
            data-autofocus
          />
          <TextInput label="Last name" {...form.getInputProps("last_name")} />
          <TextInput label="E-mail" type="email" required withAsterisk={false} {...form.getInputProps("email")} />
          <NativeSelect
            label="Role"
            {...form.getInputProps("role_id")}
            data={roles.map((r) => ({ value: String(r.id), label: r.display_name }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
