import { Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { grantableRoles } from "@rollbook/domain";
import { Link } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useRecordForm } from "../../../ui/form/use-record-form.ts";
import { notify } from "../../../ui/notify.tsx";
import { showRefusal } from "../format.ts";
import {
  emailChangeNotice,
  INFORMATION_LABELS,
  INFORMATION_ORDER,
  informationErrors,
  informationValues,
  pendingEmailNote,
} from "../information-form.ts";
import { UpdateUserDocument, type UserDetail } from "../queries.ts";

/** Names, e-mail, phone, role (only roles the viewer may grant) and active. */
export function InformationTab(props: {
  user: UserDetail;
  readOnly: boolean;
  self: boolean;
  viewerRoleId: number;
  onSaved: () => Promise<unknown>;
}) {
  const { user } = props;
  const { form, busy, submit } = useRecordForm({
    name: "user-information",
    initialValues: { ...informationValues(user), role_id: String(user.role_id), active: user.active },
    validate: informationErrors,
    order: INFORMATION_ORDER,
    labels: INFORMATION_LABELS,
    unsaved: "this user's information",
  });
  const roles = grantableRoles(props.viewerRoleId);

  const save = async (v: typeof form.values) => {
    try {
      await execute(UpdateUserDocument, { id: user.id, ...v, role_id: Number(v.role_id) });
      const notice = emailChangeNotice(user.email, v.email);
      // the stored address stays until the new one is confirmed
      if (notice) form.setFieldValue("email", user.email);
      form.resetDirty();
      notify.success(`${v.first_name.trim()} was saved.`);
      if (notice) notify.info(notice, "Confirm the new e-mail");
      await props.onSaved();
    } catch (err) {
      showRefusal(err, form.setFieldError, { except: "id", labels: INFORMATION_LABELS });
    }
  };

  const disabled = props.readOnly;
  return (
    <form onSubmit={submit(save)} noValidate aria-label="User information">
      <Stack gap="sm" maw={520}>
        {props.self && (
          <Text size="sm">
            This is you: change your own information on your{" "}
            <Anchor component={Link} to="/Profile">
              profile
            </Anchor>
            .
          </Text>
        )}
        <TextInput label="First name" disabled={disabled} {...form.getInputProps("first_name")} />
        <TextInput label="Last name" disabled={disabled} {...form.getInputProps("last_name")} />
        <TextInput
          label="E-mail"
          type="email"
          disabled={disabled}
          description={pendingEmailNote(user.pending_email)}
          {...form.getInputProps("email")}
        />
        <TextInput label="Phone" type="tel" disabled={disabled} {...form.getInputProps("phone_number")} />
        <NativeSelect
          label="Role"
          disabled={disabled}
          {...form.getInputProps("role_id")}
          data={(roles.some((r) => r.id === user.role_id)
            ? roles
            : [{ id: user.role_id, display_name: user.role.display_name }, ...roles]
          ).map((r) => ({
            value: String(r.id),
            label: r.display_name,
          }))}
        />
        <Checkbox
          label="Active (may sign in)"
          disabled={disabled}
          {...form.getInputProps("active", { type: "checkbox" })}
        />
        {!disabled && (
          <Group>
            <Button type="submit" loading={busy}>
              Save information
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
