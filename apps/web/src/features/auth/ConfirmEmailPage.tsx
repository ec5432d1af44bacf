import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { confirmEmail } from "../../lib/rest.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { errorText } from "./error-text.ts";
import { GuestLayout } from "./GuestLayout.tsx";

/**
 * /ConfirmEmail/:uuid: the new address of an e-mail change confirms it (decision 0951). A button,
 * not a call on load: a mail scanner that opens the link confirms nothing.
 */
export default function ConfirmEmailPage() {
  const { uuid = "" } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setFailure(null);
    setBusy(true);
    try {
      setDone((await confirmEmail(uuid)).message);
    } catch (err) {
      setFailure(errorText(err, "The address could not be confirmed. Try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <GuestLayout>
      <Stack gap="md">
        <PageHeading size="h2">Confirm your e-mail address</PageHeading>
        {done ? (
          <Alert color="teal" variant="light" role="status" title="E-mail changed">
            {done}
          </Alert>
        ) : (
          <>
            <Text size="sm">This address becomes the e-mail you sign in with.</Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Button onClick={confirm} loading={busy} fullWidth>
              Confirm e-mail address
            </Button>
          </>
        )}
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/Login">
            Go to sign in
          </Anchor>
        </Text>
      </Stack>
    </GuestLayout>
  );
}
