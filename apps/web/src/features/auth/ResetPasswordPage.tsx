import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { password as passwordSchema } from "@rollbook/domain";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { RequestError } from "../../lib/http.ts";
import { resetPassword } from "../../lib/rest.ts";
import { FormField } from "../../ui/form/FormField.tsx";
import { required, sameAs, zodRule } from "../../ui/form/rules.ts";
import { applyFieldErrors, useField, validateAll } from "../../ui/form/useField.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { errorText } from "./error-text.ts";
import { GuestLayout } from "./GuestLayout.tsx";

/** /ResetPassword/:uuid: sets a new password with the mailed link (valid once, for an hour). */
export default function ResetPasswordPage() {
  const { uuid = "" } = useParams();
  const password = useField("", [required<string>("New password"), zodRule<string>(passwordSchema, "New password")]);
  const confirmation = useField("", [
    required<string>("Confirm new password"),
    sameAs<string>(() => password.value, "Confirm new password must match the new password"),
  ]);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; dead: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!(await validateAll([password, confirmation]))) return;
    setBusy(true);
    try {
      const answer = await resetPassword(uuid, password.value, confirmation.value);
      setDone(answer.message);
    } catch (err) {
      const dead = err instanceof RequestError && (err.status === 410 || "token" in err.errors);
      const fielded =
        !dead &&
        err instanceof RequestError &&
        applyFieldErrors(err.errors, {
          password: { field: password, label: "New password" },
          password_confirmation: { field: confirmation, label: "Confirm new password" },
        });
      if (!fielded) setFailure({ text: errorText(err, "The password could not be changed. Try again."), dead });
    } finally {
      setBusy(false);
    }
  };

  return (
    <GuestLayout>
      <Stack gap="md">
        <PageHeading size="h2">Set a new password</PageHeading>
        {done ? (
          <>
            <Alert color="teal" variant="light" role="status" title="Password changed">
              {done}
            </Alert>
            <Button component={Link} to="/Login" fullWidth>
              Sign in
            </Button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {failure && (
                <Alert color="red" variant="light" role="alert">
                  {failure.text}{" "}
                  {failure.dead && (
                    <Anchor component={Link} to="/ForgotPassword" fz="sm">
                      Request a new link
                    </Anchor>
                  )}
                </Alert>
              )}
              <FormField
                field={password}
                label="New password"
                type="password"
                autoComplete="new-password"
                description="At least 8 characters."
                required
              />
              <FormField
                field={confirmation}
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                required
              />
              <Button type="submit" loading={busy} fullWidth>
                Set new password
              </Button>
              <Text ta="center" size="sm">
                <Anchor component={Link} to="/Login">
                  Back to sign in
                </Anchor>
              </Text>
            </Stack>
          </form>
        )}
      </Stack>
    </GuestLayout>
  );
}
