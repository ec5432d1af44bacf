import {
  Alert,
  Badge,
  Box,
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import type { ReactNode } from "react";
import { KeyValueList } from "../../ui/detail/KeyValueList.tsx";
import { QrCode } from "../../ui/detail/QrCode.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { type Technical, useTechnical } from "./queries.ts";

/** A labelled state: the word carries the meaning, the colour only repeats it. */
function State({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <Badge color={ok ? "teal.9" : "red.9"} variant="filled">
      {ok ? yes : no}
    </Badge>
  );
}

function Facts({ caption, rows }: { caption: string; rows: [string, ReactNode][] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} captionSide="top">
      <caption className="sr-only">{caption}</caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            {/* no fixed width: in a third of a desktop row a 180 px label left "ANSWERI…" of a badge */}
            <Table.Th scope="row" fw={500}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * An address and its Copy button: side by side while both fit, else the button goes under the
 * address (never squeezed into "Co"), and the address breaks only where it must.
 */
function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" component="span" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="default"
            onClick={copy}
            aria-label={`Copy ${label}`}
            style={{ flexShrink: 0 }}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function Body({ t }: { t: Technical }) {
  const mailOk = t.mail.failing === 0;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Check-in app
        </Title>
        <Group align="flex-start" gap="xl">
          <QrCode value={t.checkin_url} label={`QR code of the check-in app: ${t.checkin_url}`} />
          {/* a list, not a two-column table: on a phone each label goes above its address */}
          <Box style={{ flex: "1 1 18rem", minWidth: 0, maxWidth: "40rem" }}>
            <KeyValueList
              label="Addresses of the check-in app"
              items={[
                {
                  label: "Check-in app",
                  value: <Copyable value={t.checkin_url} label="the check-in app's address" />,
                },
                {
                  label: "Device API",
                  value: <Copyable value={t.device_api_url} label="the device API's address" />,
                },
              ]}
            />
          </Box>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          Students scan the code with their phone's camera, then sign in with their personal token.
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Mail delivery
          </Title>
          <Facts
            caption="Mail delivery"
            rows={[
              [
                "State",
                <State
                  key="s"
                  ok={t.mail.configured && mailOk}
                  yes="Delivering"
                  no={t.mail.configured ? "Failing" : "Not set up"}
                />,
              ],
              ["Waiting in the outbox", formatCount(t.mail.waiting)],
              ["Failed at least once", formatCount(t.mail.failing)],
              ["Sent in the last day", formatCount(t.mail.sent_last_day)],
            ]}
          />
          {!t.mail.configured && (
            <Text size="sm" mt="xs">
              No mail server is set (SMTP_URL): invitations, resets and alerts wait in the outbox.
            </Text>
          )}
          {t.mail.last_error && (
            <Alert color="red" title="Last error" mt="sm">
              {t.mail.last_error}
            </Alert>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Live updates
          </Title>
          <Facts
            caption="Live updates"
            rows={[
              ["Transport", t.push.transport === "redis" ? "Redis, between server processes" : "In this process"],
              ["Browsers connected here", formatCount(t.push.clients)],
            ]}
          />
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Database
          </Title>
          <Facts
            caption="Database"
            rows={[
              ["State", <State key="s" ok={t.database.ok} yes="Answering" no="Not answering" />],
              ["Kind", t.database.kind === "postgres" ? "PostgreSQL" : "Embedded (PGlite)"],
              ["Version", t.database.server_version ?? "unknown"],
              ["Round trip", t.database.latency_ms === null ? "none" : `${t.database.latency_ms} ms`],
            ]}
          />
          {t.database.kind === "pglite" && (
            <Text size="sm" mt="xs">
              The embedded database is for trying Rollbook: a school's real data belongs on PostgreSQL.
            </Text>
          )}
        </Paper>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Rollbook {t.version}, Node.js {t.node_version}.
      </Text>
    </Stack>
  );
}

/** The Technical tab of /Settings (issue 13): how phones reach the server and whether it is healthy. */
export function TechnicalPanel() {
  const q = useTechnical();
  if (q.isPending) return <Spinner label="Loading the technical status" />;
  if (q.isError)
    return (
      <Alert color="red" title="The technical status could not be loaded">
        {q.error.message}
      </Alert>
    );
  return <Body t={q.data.technical} />;
}
