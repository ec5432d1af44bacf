import { Alert, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { RequestError } from "../../lib/http.ts";
import { FormField } from "../../ui/form/FormField.tsx";
import { required } from "../../ui/form/rules.ts";
import { applyFieldErrors, useField, validateAll } from "../../ui/form/useField.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { errorText } from "../auth/error-text.ts";
import { GuestLayout } from "../auth/GuestLayout.tsx";
import { confirmSignup, dropSignup, loadEvent, loadStatus, type PublicEvent, requestSignup } from "./signup-client.ts";
import { canDrop, longDate, seatsText, statusText, timeRange } from "./signup-text.ts";

const NOT_OPEN = "This event is not open for signup.";

/**
 * /EventSignup/{uuid}: a public event's page. Without a token a student names themself (school
 * e-mail or school id) and gets a link by e-mail; the link (?token=) confirms the seat, shows the
 * place on the waitlist, and drops until the cutoff. Nothing here says who is a student.
 */
export default function EventSignupPage() {
  // guest pages run outside the signed-in shell and its query client (decision 0151: the
  // sign-in bundle stays small), so this page brings its own
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <SignupPage />
    </QueryClientProvider>
  );
}

function SignupPage() {
  const { uuid = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token");
  const event = useQuery({ queryKey: ["signup", uuid], queryFn: () => loadEvent(uuid), retry: false });

  return (
    <GuestLayout>
      {event.isPending ? (
        <Group justify="center" p="lg">
          <Spinner label="Loading the event" />
        </Group>
      ) : event.isError ? (
        <Stack gap="sm">
          <PageHeading size="h2">Event signup</PageHeading>
          <Alert color="gray" variant="light" role="status">
            {event.error instanceof RequestError && event.error.status === 404
              ? NOT_OPEN
              : errorText(event.error, "The event could not be loaded. Try again.")}
          </Alert>
        </Stack>
      ) : (
        <Stack gap="md">
          <EventFacts event={event.data} />
          {token ? <SignupByLink uuid={uuid} token={token} /> : <SignupRequest uuid={uuid} />}
        </Stack>
      )}
    </GuestLayout>
  );
}

function EventFacts({ event }: { event: PublicEvent }) {
  return (
    <Stack gap={4}>
      <PageHeading size="h2">{event.title}</PageHeading>
      <Text>{longDate(event.date)}</Text>
      <Text>
        {timeRange(event)}{" "}
        <Text span c="dimmed" size="sm">
          ({event.timezone.replace(/_/g, " ")})
        </Text>
      </Text>
      {event.location && <Text>{event.location}</Text>}
      <Group gap="xs">
        <Badge variant="light" color={event.seats_left === 0 ? "orange" : "teal"} c="gray.9">
          {seatsText(event)}
        </Badge>
      </Group>
      {event.description && (
        <Text size="sm" c="dimmed">
          {event.description}
        </Text>
      )}
    </Stack>
  );
}

function SignupRequest({ uuid }: { uuid: string }) {
  const identifier = useField("", [required<string>("School e-mail or school ID")]);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!(await validateAll([identifier]))) return;
    setBusy(true);
    try {
      setSent((await requestSignup(uuid, identifier.value.trim())).message);
    } catch (err) {
      const fielded =
        err instanceof RequestError &&
        applyFieldErrors(err.errors, { identifier: { field: identifier, label: "School e-mail or school ID" } });
      if (!fielded) setFailure(errorText(err, "The signup could not be sent. Try again."));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <Alert color="teal" variant="light" c="gray.9" role="status" title="Check your school e-mail">
        {sent}
      </Alert>
    );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <FormField
          field={identifier}
          label="School e-mail or school ID"
          description="We send a link to your school e-mail to confirm your seat."
          autoComplete="email"
          required
        />
        <Button type="submit" loading={busy}>
          Sign up
        </Button>
      </Stack>
    </form>
  );
}

function SignupByLink({ uuid, token }: { uuid: string; token: string }) {
  const client = useQueryClient();
  const key = ["signup", uuid, "status", token];
  const status = useQuery({ queryKey: key, queryFn: () => loadStatus(uuid, token), retry: false });
  const [askDrop, setAskDrop] = useState(false);
  const settle = (data: Awaited<ReturnType<typeof confirmSignup>>) => {
    client.setQueryData(key, data);
    void client.invalidateQueries({ queryKey: ["signup", uuid], exact: true });
    setAskDrop(false);
  };
  const confirm = useMutation({ mutationFn: () => confirmSignup(uuid, token), onSuccess: settle });
  const drop = useMutation({ mutationFn: () => dropSignup(uuid, token), onSuccess: settle });
  const failure = confirm.error ?? drop.error;

  if (status.isPending) return <Spinner label="Loading your signup" />;
  if (status.isError)
    return (
      <Alert color="gray" variant="light" role="status">
        This link is not valid any more. Ask for a new one on this page without the link.
      </Alert>
    );
  const s = status.data;
  return (
    <Stack gap="sm">
      <Alert color={s.state === "none" ? "gray" : "teal"} variant="light" c="gray.9" role="status" title="Your signup">
        {statusText(s)}
      </Alert>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {errorText(failure, "That did not work. Try again.")}
        </Alert>
      )}
      {s.state === "none" && (
        <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
          Confirm my place
        </Button>
      )}
      {canDrop(s) &&
        (askDrop ? (
          <Group>
            <Text size="sm">Give up your place?</Text>
            <Button color="red" onClick={() => drop.mutate()} loading={drop.isPending}>
              Yes, drop
            </Button>
            <Button variant="default" onClick={() => setAskDrop(false)}>
              No
            </Button>
          </Group>
        ) : (
          <Button variant="default" onClick={() => setAskDrop(true)}>
            Drop my place
          </Button>
        ))}
      {s.state !== "none" && !canDrop(s) && (
        <Text size="sm" c="dimmed">
          Dropping has closed for this event.
        </Text>
      )}
    </Stack>
  );
}
