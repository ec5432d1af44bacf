import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { notify } from "../../ui/notify.tsx";
import { fieldOf } from "../users/format.ts";
import { UpdateProfileDocument } from "./queries.ts";

interface Info {
  first_name: string;
  last_name: string;
  email: string;
  phone_number?: string | null;
}

/** One's own names, e-mail and phone. */
export function InformationForm({ me, onSaved }: { me: Info; onSaved: () => Promise<unknown> }) {
  const [v, setV] = useState({
    first_name: me.first_name,
    last_name: me.last_name,
    email: me.email,
    phone_number: me.phone_number ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof v>) => setV((x) => ({ ...x, ...patch }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!v.first_name.trim()) return setErrors({ first_name: "First name is required" });
    setErrors({});
    setBusy(true);
    try {
      await execute(UpdateProfileDocument, { ...v, phone_number: v.phone_number.trim() || null });
      notify.success("Your information was saved.");
      await onSaved();
    } catch (err) {
      const { field, message } = fieldOf(err);
      if (field) setErrors({ [field]: message });
      else notify.error(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Your information">
      <Stack gap="sm" maw={520}>
        <TextInput
          label="First name"
          autoComplete="given-name"
          value={v.first_name}
          error={errors.first_name}
          onChange={(e) => set({ first_name: e.currentTarget.value })}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          value={v.last_name}
          error={errors.last_name}
          onChange={(e) => set({ last_name: e.currentTarget.value })}
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          value={v.email}
          error={errors.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={v.phone_number}
          error={errors.phone_number}
          onChange={(e) => set({ phone_number: e.currentTarget.value })}
        />
        <Group>
          <Button type="submit" loading={busy}>
            Save information
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
