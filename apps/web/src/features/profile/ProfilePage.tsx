import { Alert, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { execute } from "../../lib/graphql.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { NotificationsForm } from "../users/NotificationsForm.tsx";
import { DisplayChoices } from "./DisplayChoices.tsx";
import { InformationForm } from "./InformationForm.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import { ProfileDocument } from "./queries.ts";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /Profile: one's own information, password, notifications and display choices. */
export default function ProfilePage() {
  const profile = useQuery({ queryKey: ["profile"], queryFn: () => execute(ProfileDocument) });
  const me = profile.data?.me;
  if (!me)
    return (
      <Stack gap="md">
        <PageHeading>Profile</PageHeading>
        {profile.isError ? (
          <Alert color="red" role="alert" title="Your profile could not be loaded">
            {profile.error.message}
          </Alert>
        ) : (
          <Spinner label="Loading your profile" />
        )}
      </Stack>
    );
  const refetch = () => profile.refetch();
  return (
    <Stack gap="xl" maw={760}>
      <PageHeading>Profile</PageHeading>
      <Section id="profile-display" title="Display">
        <DisplayChoices />
      </Section>
      <Section id="profile-information" title={`Information (${me.role.display_name})`}>
        <InformationForm me={me} onSaved={refetch} />
      </Section>
      <Section id="profile-password" title="Password">
        <PasswordForm userId={me.id} />
      </Section>
      <Section id="profile-notifications" title="Notifications">
        <NotificationsForm user={me} readOnly={false} onSaved={refetch} />
      </Section>
    </Stack>
  );
}
