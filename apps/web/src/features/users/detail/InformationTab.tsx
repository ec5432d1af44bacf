import { Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { grantableRoles } from "@rollbook/domain";
import { useState } from "react";
import { Link } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { notify } from "../../../ui/notify.tsx";
import { fieldOf } from "../format.ts";
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
  const [v, setV] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number ?? "",
    role_id: String(user.role_id),
    active: user.active,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const roles = grantableRoles(props.viewerRoleId);
  const set = (patch: Partial<typeof v>) => setV((x) => ({ ...x, ...patch }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!v.first_name.trim()) return setErrors({ first_name: "First name is required" });
    setErrors({});
    setBusy(true);
    try {
      await execute(UpdateUserDocument, {
        id: user.id,
        first_name: v.first_name,
        last_name: v.last_name,
        email: v.email,
        phone_number: v.phone_number,
        role_id: Number(v.role_id),
        active: v.active,
      });
      notify.success(`${v.first_name.trim()} was saved.`);
      await props.onSaved();
    } catch (err) {
      const { field, message } = fieldOf(err);
      if (field && field !== "id") setErrors({ [field]: message });
      else notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  const disabled = props.readOnly;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="User information">
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
        <TextInput
          label="First name"
          value={v.first_name}
          disabled={disabled}
          error={errors.first_name}
          onChange={(e) => set({ first_name: e.currentTarget.value })}
        />
        <TextInput
          label="Last name"
          value={v.last_name}
          disabled={disabled}
          error={errors.last_name}
          onChange={(e) => set({ last_name: e.currentTarget.value })}
        />
        <TextInput
          label="E-mail"
          type="email"
          value={v.email}
          disabled={disabled}
          error={errors.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
        />
        <TextInput
          label="Phone"
          type="tel"
          value={v.phone_number}
          disabled={disabled}
          error={errors.phone_number}
          onChange={(e) => set({ phone_number: e.currentTarget.value })}
        />
        <NativeSelect
          label="Role"
          value={v.role_id}
          disabled={disabled}
          error={errors.role_id}
          onChange={(e) => set({ role_id: e.currentTarget.value })}
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
          checked={v.active}
          disabled={disabled}
          onChange={(e) => set({ active: e.currentTarget.checked })}
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
