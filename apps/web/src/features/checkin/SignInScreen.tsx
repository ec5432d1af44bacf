import { Button, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { claimCheckIns } from "./check-in-owner.ts";
import { DeviceError } from "./device-api.ts";
import { saveDevice } from "./device-store.ts";
import { registerDevice } from "./register-device.ts";

/** The student signs in once with the personal token their school gave them. */
export function SignInScreen({ locationGranted }: { locationGranted: boolean }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = token.trim();
    if (!value) {
      setError("Enter your personal token.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const device = await registerDevice(value, locationGranted);
      // the check-ins kept after a token reset go out only under the same student
      await claimCheckIns(device.student.uuid);
      saveDevice(device);
    } catch (err) {
      setError(
        err instanceof DeviceError && err.status === 401
          ? "This token is not valid. Ask your school for your current personal token."
          : err instanceof Error
            ? err.message
            : "Signing in failed.",
      );
      setBusy(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby="signin-title" withBorder p="lg" radius="md">
      {/* method="post": even a submit without the script never puts the token in the URL */}
      <form onSubmit={submit} method="post" noValidate>
        <Stack gap="md">
          <Title order={2} id="signin-title" size="h3">
            Sign in
          </Title>
          <Text size="sm">
            Enter the personal token your school gave you. This phone remembers it until you sign out.
          </Text>
          <TextInput
            label="Personal token"
            name="token"
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            required
            // Mantine links the error to the field (aria-describedby); role=alert announces it
            error={error}
            errorProps={{ role: "alert", fz: "sm" }}
            size="md"
          />
          <Button type="submit" size="md" loading={busy} fullWidth>
            Check in with token
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
