import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { LOGIN_FAILURE_MESSAGE } from "@rollbook/domain";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { login } from "../../lib/rest.ts";
import { signIn, useSession } from "../../lib/session.ts";
import { FormField } from "../../ui/form/FormField.tsx";
import { emailRule, required } from "../../ui/form/rules.ts";
import { useField, validateAll } from "../../ui/form/useField.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { errorText } from "./error-text.ts";
import { GuestLayout } from "./GuestLayout.tsx";

const emailRules = [required<string>("E-mail"), emailRule<string>("E-mail")];
const passwordRules = [required<string>("Password")];

/** /Login. On success the guest guard sends the user on (redirect query, remembered path, or /Dashboard). */
export default function LoginPage() {
  const { ended } = useSession();
  const email = useField("", emailRules);
  const password = useField("", passwordRules);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!(await validateAll([email, password]))) return;
    setBusy(true);
    try {
      const { user, access_token, search_token } = await login(email.value.trim(), password.value);
      signIn({ access_token, search_token }, { higher_contrast: user.higher_contrast, a11y_mode: user.a11y_mode });
    } catch (err) {
      setBusy(false);
      setFailure(errorText(err, LOGIN_FAILURE_MESSAGE));
      password.reset("");
    }
  };

  return (
    <GuestLayout>
      <form onSubmit={submit} noValidate aria-labelledby="login-heading">
        <Stack gap="md">
          <PageHeading id="login-heading" size="h2">
            Sign in
          </PageHeading>
          {ended === "expired" && !failure && (
            <Alert color="yellow" variant="light" role="status">
              Your session has ended. Sign in again to continue.
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert" title="Sign-in failed">
              {failure}
            </Alert>
          )}
          <FormField field={email} label="E-mail" type="email" autoComplete="username" required />
          <FormField field={password} label="Password" type="password" autoComplete="current-password" required />
          <Button type="submit" loading={busy} fullWidth>
            Sign in
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/ForgotPassword">
              Forgot password?
            </Anchor>
          </Text>
        </Stack>
      </form>
    </GuestLayout>
  );
}
