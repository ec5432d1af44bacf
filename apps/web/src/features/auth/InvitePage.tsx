import { Alert, Anchor, Button, Center, Stack, Text } from "@mantine/core";
import { password as passwordSchema } from "@rollbook/domain";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { RequestError } from "../../lib/http.ts";
import { checkInvitation, type Invitation, register } from "../../lib/rest.ts";
import { forgetRememberedPath, signIn } from "../../lib/session.ts";
import { FormField } from "../../ui/form/FormField.tsx";
import { required, sameAs, zodRule } from "../../ui/form/rules.ts";
import { applyFieldErrors, useField, validateAll } from "../../ui/form/useField.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { errorText } from "./error-text.ts";
import { GuestLayout } from "./GuestLayout.tsx";

type Check = { state: "checking" } | { state: "valid"; invitation: Invitation } | { state: "dead"; message: string };

/**
 * /Invite/:uuid: checks the invitation first; a live one shows the registration form, whose
 * success signs the user in and lands on /Dashboard; a dead link shows the server's message.
 */
export default function InvitePage() {
  const { uuid = "" } = useParams();
  const [check, setCheck] = useState<Check>({ state: "checking" });

  useEffect(() => {
    let live = true;
    checkInvitation(uuid).then(
      (invitation) => live && setCheck({ state: "valid", invitation }),
      (err: unknown) =>
        live &&
        setCheck({ state: "dead", message: errorText(err, "This invitation could not be checked. Try again.") }),
    );
    return () => {
      live = false;
    };
  }, [uuid]);

  return (
    <GuestLayout>
      <Stack gap="md">
        <PageHeading size="h2">Accept invitation</PageHeading>
        {check.state === "checking" && (
          <Center role="status" py="md">
            <Spinner size="sm" label="Checking the invitation" />
          </Center>
        )}
        {check.state === "dead" && (
          <>
            <Alert color="red" variant="light" role="alert" title="This invitation cannot be used">
              {check.message}
            </Alert>
            <Text ta="center" size="sm">
              <Anchor component={Link} to="/Login">
                Go to sign in
              </Anchor>
            </Text>
          </>
        )}
        {check.state === "valid" && (
          <RegisterForm
            token={uuid}
            invitation={check.invitation}
            onDead={(message) => setCheck({ state: "dead", message })}
          />
        )}
      </Stack>
    </GuestLayout>
  );
}

function RegisterForm({
  token,
  invitation,
  onDead,
}: {
  token: string;
  invitation: Invitation;
  onDead: (message: string) => void;
}) {
  const firstName = useField(invitation.first_name, [required<string>("First name")]);
  const lastName = useField(invitation.last_name, [required<string>("Last name")]);
  const password = useField("", [required<string>("Password"), zodRule<string>(passwordSchema, "Password")]);
  const confirmation = useField("", [
    required<string>("Confirm password"),
    sameAs<string>(() => password.value, "Confirm password must match the password"),
  ]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!(await validateAll([firstName, lastName, password, confirmation]))) return;
    setBusy(true);
    try {
      const answer = await register({
        token,
        first_name: firstName.value.trim(),
        last_name: lastName.value.trim(),
        password: password.value,
        password_confirmation: confirmation.value,
      });
      // a new account starts at the dashboard, not at a path someone else left behind
      forgetRememberedPath();
      signIn(
        { access_token: answer.access_token, search_token: answer.search_token },
        { higher_contrast: answer.user.higher_contrast, a11y_mode: answer.user.a11y_mode },
      );
    } catch (err) {
      setBusy(false);
      if (err instanceof RequestError && err.status === 410) return onDead(err.message);
      const fielded =
        err instanceof RequestError &&
        applyFieldErrors(err.errors, {
          first_name: { field: firstName, label: "First name" },
          last_name: { field: lastName, label: "Last name" },
          password: { field: password, label: "Password" },
          password_confirmation: { field: confirmation, label: "Confirm password" },
        });
      if (!fielded) setFailure(errorText(err, "The account could not be created. Try again."));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          You are invited to Rollbook as <strong>{invitation.email}</strong>. Choose your name and a password.
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <FormField field={firstName} label="First name" autoComplete="given-name" required />
        <FormField field={lastName} label="Last name" autoComplete="family-name" required />
        <FormField
          field={password}
          label="Password"
          type="password"
          autoComplete="new-password"
          description="At least 8 characters."
          required
        />
        <FormField field={confirmation} label="Confirm password" type="password" autoComplete="new-password" required />
        <Button type="submit" loading={busy} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
