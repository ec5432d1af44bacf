import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { notify } from "../../ui/notify.tsx";
import { fieldOf } from "../users/format.ts";
import { UpdatePasswordDocument } from "./queries.ts";

/** A new password, knowing the current one; the user's other sessions end (decision 0410). */
export function PasswordForm({ userId }: { userId: number }) {
  const [v, setV] = useState({ current_password: "", new_password: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof v>) => setV((x) => ({ ...x, ...patch }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!v.current_password) local.current_password = "Current password is required";
    if (v.new_password.length < 8) local.new_password = "New password must be at least 8 characters";
    else if (v.confirm !== v.new_password) local.confirm = "The two new passwords differ";
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await execute(UpdatePasswordDocument, {
        user_id: userId,
        current_password: v.current_password,
        new_password: v.new_password,
      });
      notify.success("Your password was changed; your other sessions were signed out.");
      setV({ current_password: "", new_password: "", confirm: "" });
    } catch (err) {
      const { field, message } = fieldOf(err);
      if (field) setErrors({ [field]: message });
      else notify.error(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Change password">
      <Stack gap="sm" maw={520}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={v.current_password}
          error={errors.current_password}
          onChange={(e) => set({ current_password: e.currentTarget.value })}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          value={v.new_password}
          error={errors.new_password}
          onChange={(e) => set({ new_password: e.currentTarget.value })}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          value={v.confirm}
          error={errors.confirm}
          onChange={(e) => set({ confirm: e.currentTarget.value })}
        />
        <Group>
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
