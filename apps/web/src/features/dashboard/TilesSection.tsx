import { Anchor, Badge, Button, Card, Group, RingProgress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { execute } from "../../lib/graphql.ts";
import type { MeTile } from "../../lib/me.ts";
import { confirm, isDeclined } from "../../ui/confirm.tsx";
import { formatDate } from "../../ui/dates/date-format.ts";
import { formatPercent } from "../../ui/detail/format.ts";
import { notify } from "../../ui/notify.tsx";
import { RemoveFromDashboardDocument } from "./queries.ts";
import { Section } from "./Section.tsx";

// `last` heads the last session's figure: an event is one session, not a class; a team's is its
// members' attendance on the last day any of them had a session held, of a class or an event
const KIND = {
  course: { label: "Recurring", path: "/Courses", last: "Last class" },
  event: { label: "Singular", path: "/Events", last: "Session" },
  team: { label: "Group", path: "/Teams", last: "Last session day" },
} as const;

const kindOf = (type: string) => KIND[type as keyof typeof KIND] ?? KIND.course;
export const tileName = (tile: MeTile) => tile.tileable?.title ?? tile.tileable?.name ?? "Untitled";

/** APA as a ring, with its value in words for screen readers. */
function ApaRing({ apa, name }: { apa: number | null; name: string }) {
  const value = Math.min(100, Math.max(0, apa ?? 0));
  const color = value >= 90 ? "teal" : value >= 75 ? "yellow" : "red";
  return (
    <RingProgress
      size={88}
      thickness={9}
      roundCaps
      role="img"
      aria-label={apa === null ? `${name}: no APA yet` : `${name}: APA ${formatPercent(apa)}`}
      // an arc of 0 with round caps is a dot: no APA (or 0) leaves the bare ring
      sections={value > 0 ? [{ value, color }] : []}
      label={
        <Text ta="center" fw={700} size="sm" aria-hidden="true">
          {formatPercent(apa)}
        </Text>
      }
    />
  );
}

/**
 * "11/27/2026: 95.2%"; a label that is no date is the server's "No finished session yet", which
 * has no value to show.
 */
function lastText(last: { label: string; value: number | null } | null | undefined) {
  if (!last) return "No finished session yet";
  const date = formatDate(last.label);
  return date ? `${date}: ${formatPercent(last.value)}` : last.label;
}

function TileCard({ tile, onRemove }: { tile: MeTile; onRemove: (tile: MeTile) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const name = tileName(tile);
  const kind = kindOf(tile.tileable_type);
  const last = tile.tileable?.attendance_last_class;
  const now = tile.tileable?.attendance_now;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Badge variant="light" size="sm">
            {kind.label}
          </Badge>
          <Text component="h3" fw={700} size="lg" m={0} lineClamp={2}>
            {tile.tileable ? (
              <Anchor component={Link} to={`${kind.path}/${tile.tileable.uuid}`} inherit>
                {name}
              </Anchor>
            ) : (
              name
            )}
          </Text>
        </Stack>
        <ApaRing apa={tile.tileable?.apa ?? null} name={name} />
      </Group>
      {now && (
        <Stack gap={0} mt="sm">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            In session now
          </Text>
          <Text size="sm" data-testid="attendance-now">
            {`${now.present} of ${now.expected} checked in`}
          </Text>
        </Stack>
      )}
      <Stack gap={0} mt="sm">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {kind.last}
        </Text>
        <Text size="sm">{lastText(last)}</Text>
      </Stack>
      <Button
        mt="md"
        variant="default"
        size="xs"
        loading={busy}
        aria-label={`Remove ${name} from dashboard`}
        onClick={async () => {
          setBusy(true);
          await onRemove(tile);
          setBusy(false);
        }}
      >
        Remove
      </Button>
    </Card>
  );
}

/** The user's tiles: APA, last session, and a Remove button that asks first. */
export function TilesSection({ tiles, onChanged }: { tiles: readonly MeTile[]; onChanged: () => Promise<unknown> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = async (tile: MeTile) => {
    const name = tileName(tile);
    try {
      await confirm({
        title: "Remove tile",
        message: `Remove ${name} from your dashboard?`,
        danger: true,
      });
    } catch (err) {
      if (isDeclined(err)) return;
      throw err;
    }
    try {
      await execute(RemoveFromDashboardDocument, { id: tile.id });
      await onChanged();
      notify.success(`${name} was removed from your dashboard.`);
      heading.current?.focus();
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "The tile could not be removed.");
    }
  };
  return (
    <Section title="My tiles" headingRef={heading}>
      {tiles.length === 0 ? (
        <Text>No tiles on your dashboard yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {tiles.map((tile) => (
            <TileCard key={tile.id} tile={tile} onRemove={remove} />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}
