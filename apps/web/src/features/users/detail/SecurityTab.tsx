import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { confirm, isDeclined } from "../../../ui/confirm.tsx";
import { notify } from "../../../ui/notify.tsx";
import { fullName } from "../format.ts";
import { SendPasswordResetDocument, SignOutUserDocument, type UserDetail } from "../queries.ts";

/**
 * For another user: send a reset link (an admin never sets a password) and sign out every
 * session. For oneself the password is changed on the profile, knowing the current one.
 */
export function SecurityTab({ user, manage, self }: { user: UserDetail; manage: boolean; self: boolean }) {
  const [busy, setBusy] = useState<string | null>(null);
  const name = fullName(user);
  if (self)
    return (
      <Text size="sm">
        Change your password and end your other sessions on your{" "}
        <Anchor component={Link} to="/Profile">
          profile
        </Anchor>
        .
      </Text>
    );
  if (!manage) return <Text size="sm">You may not change the security of this user.</Text>;
  const act = async (key: string, title: string, message: string, fn: () => Promise<unknown>, done: string) => {
    try {
      await confirm({ title, message });
      setBusy(key);
      await fn();
      notify.success(done);
    } catch (err) {
      if (!isDeclined(err)) notify.error(err instanceof Error ? err.message : "That did not work.");
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="md" maw={640}>
      <Stack gap={4}>
        <Text fw={700}>Password</Text>
        <Text size="sm">Mail {name} a link to set a new password (valid for one hour, once).</Text>
        <Group>
          <Button
            variant="default"
            loading={busy === "reset"}
            onClick={() =>
              void act(
                "reset",
                "Send password reset",
                `Send a password reset link to ${user.email}?`,
                () => execute(SendPasswordResetDocument, { id: user.id }),
                `A reset link was sent to ${user.email}.`,
              )
            }
          >
            Send password reset
          </Button>
        </Group>
      </Stack>
      <Stack gap={4}>
        <Text fw={700}>Sessions</Text>
        <Text size="sm">End every session of {name} on every device; they sign in again.</Text>
        <Group>
          <Button
            variant="light"
            color="red"
            loading={busy === "signout"}
            onClick={() =>
              void act(
                "signout",
                "Sign out everywhere",
                `Sign ${name} out of every session?`,
                () => execute(SignOutUserDocument, { id: user.id }),
                `${name} was signed out everywhere.`,
              )
            }
          >
            Sign out every session
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
