import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { email as emailSchema } from "@rollbook/domain";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { RequestError } from "../../lib/http.ts";
import { forgotPassword } from "../../lib/rest.ts";
import { FormField } from "../../ui/form/FormField.tsx";
import { required, zodRule } from "../../ui/form/rules.ts";
import { applyFieldErrors, useField, validateAll } from "../../ui/form/useField.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { errorText } from "./error-text.ts";
import { GuestLayout } from "./GuestLayout.tsx";

const emailRules = [required<string>("E-mail"), zodRule<string>(emailSchema, "E-mail")];

/** /ForgotPassword: asks for a reset link; the answer never says whether the e-mail exists. */
export default function ForgotPasswordPage() {
  const email = useField("", emailRules);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!(await validateAll([email]))) return;
    setBusy(true);
    try {
      const answer = await forgotPassword(email.value.trim());
      setSent(answer.message);
    } catch (err) {
      const fielded =
        err instanceof RequestError && applyFieldErrors(err.errors, { email: { field: email, label: "E-mail" } });
      if (!fielded) setFailure(errorText(err, "The reset link could not be requested. Try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <GuestLayout>
      <Stack gap="md">
        <PageHeading size="h2">Reset your password</PageHeading>
        {sent ? (
          <>
            <Alert color="teal" variant="light" role="status" title="Check your e-mail">
              {sent}
            </Alert>
            <Text ta="center" size="sm">
              <Anchor component={Link} to="/Login">
                Back to sign in
              </Anchor>
            </Text>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text size="sm">
                Enter the e-mail address of your account and we will send you a link to set a new password.
              </Text>
              {failure && (
                <Alert color="red" variant="light" role="alert">
                  {failure}
                </Alert>
              )}
              <FormField field={email} label="E-mail" type="email" autoComplete="email" required />
              <Button type="submit" loading={busy} fullWidth>
                Send reset link
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
