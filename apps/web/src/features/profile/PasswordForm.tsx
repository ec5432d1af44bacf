import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { execute } from "../../lib/graphql.ts";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import { notify } from "../../ui/notify.tsx";
import { showRefusal } from "../users/format.ts";
import {
  EMPTY_PASSWORD_FORM,
  PASSWORD_LABELS,
  PASSWORD_ORDER,
  type PasswordValues,
  passwordErrors,
} from "./password-form.ts";
import { UpdatePasswordDocument } from "./queries.ts";

/** A new password, knowing the current one; the user's other sessions end (decision 0410). */
export function PasswordForm({ userId }: { userId: number }) {
  const { form, busy, submit } = useRecordForm({
    name: "password",
    initialValues: EMPTY_PASSWORD_FORM,
    validate: passwordErrors,
    order: PASSWORD_ORDER,
    labels: PASSWORD_LABELS,
    unsaved: "your password",
  });
  const save = async (v: PasswordValues) => {
    try {
      await execute(UpdatePasswordDocument, {
        user_id: userId,
        current_password: v.current_password,
        new_password: v.new_password,
      });
      notify.success("Your password was changed; your other sessions were signed out.");
      form.reset();
    } catch (err) {
      showRefusal(err, form.setFieldError, { labels: PASSWORD_LABELS });
    }
  };
  return (
    <form onSubmit={submit(save)} noValidate aria-label="Change password">
      <Stack gap="sm" maw={520}>
        <PasswordInput
          label={PASSWORD_LABELS.current_password}
          autoComplete="current-password"
          {...form.getInputProps("current_password")}
        />
        <PasswordInput
          label={PASSWORD_LABELS.new_password}
          autoComplete="new-password"
          {...form.getInputProps("new_password")}
        />
        <PasswordInput label={PASSWORD_LABELS.confirm} autoComplete="new-password" {...form.getInputProps("confirm")} />
        <Group>
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
