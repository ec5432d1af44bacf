import { Button, Group, Stack, TextInput } from "@mantine/core";
import { execute } from "../../lib/graphql.ts";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import { notify } from "../../ui/notify.tsx";
import { showRefusal } from "../users/format.ts";
import {
  emailChangeNotice,
  INFORMATION_LABELS,
  INFORMATION_ORDER,
  type InformationValues,
  informationErrors,
  informationValues,
  pendingEmailNote,
} from "../users/information-form.ts";
import { UpdateProfileDocument } from "./queries.ts";

/** One's own names, e-mail and phone. */
export function InformationForm({
  me,
  onSaved,
}: {
  me: Parameters<typeof informationValues>[0] & { pending_email?: string | null };
  onSaved: () => Promise<unknown>;
}) {
  const { form, busy, submit } = useRecordForm({
    name: "profile-information",
    initialValues: informationValues(me),
    validate: informationErrors,
    order: INFORMATION_ORDER,
    labels: INFORMATION_LABELS,
    unsaved: "your information",
  });
  const save = async (v: InformationValues) => {
    try {
      await execute(UpdateProfileDocument, { ...v, phone_number: v.phone_number.trim() || null });
      const notice = emailChangeNotice(me.email, v.email);
      // the stored address stays until the new one is confirmed
      if (notice) form.setFieldValue("email", me.email);
      form.resetDirty();
      notify.success("Your information was saved.");
      if (notice) notify.info(notice, "Confirm the new e-mail");
      await onSaved();
    } catch (err) {
      showRefusal(err, form.setFieldError, { labels: INFORMATION_LABELS });
    }
  };
  return (
    <form onSubmit={submit(save)} noValidate aria-label="Your information">
      <Stack gap="sm" maw={520}>
        <TextInput label="First name" autoComplete="given-name" {...form.getInputProps("first_name")} />
        <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps("last_name")} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          description={pendingEmailNote(me.pending_email)}
          {...form.getInputProps("email")}
        />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps("phone_number")} />
        <Group>
          <Button type="submit" loading={busy}>
            Save information
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
