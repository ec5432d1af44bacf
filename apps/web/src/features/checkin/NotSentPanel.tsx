import { Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { notSent } from "./refusals.ts";

/** Entries drawn at once; the rest are counted (a phone refused all day would list hundreds). */
export const SHOWN = 20;

const when = (ms: number) =>
  new Date(ms).toLocaleString([], {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
  });

const LIST_STYLE = {
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "flex",
  flexDirection: "column",
  gap: "var(--mantine-spacing-xs)",
} as const;

export const notSentText = (n: number) => `${n} ${n === 1 ? "check-in was" : "check-ins were"} not accepted`;

/**
 * Check-ins the school server refused, with its reason, kept until the student dismisses them.
 * Shown only when there is something to show (or just after the last one was dismissed, so the
 * keyboard focus has somewhere to land).
 */
export function NotSentPanel() {
  const items = useSyncExternalStore(notSent.subscribe, notSent.getSnapshot);
  const [touched, setTouched] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusAt = useRef<number | null>(null);

  // announce new refusals, not the ones already there on load
  const [announcement, setAnnouncement] = useState("");
  const seen = useRef(items.length);
  useEffect(() => {
    if (items.length > seen.current) setAnnouncement(notSentText(items.length));
    seen.current = items.length;
  }, [items.length]);

  // after a dismissal, focus the next entry's button (or the heading when none is left)
  useLayoutEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[data-dismiss]");
    const next = buttons?.[Math.min(at, buttons.length - 1)];
    (next ?? heading.current)?.focus();
  });

  if (!items.length && !touched) return null;
  const dismiss = (id: string, index: number) => {
    focusAt.current = index;
    setTouched(true);
    notSent.dismiss(id);
  };
  const shown = items.slice(0, SHOWN);
  return (
    <Paper component="section" aria-labelledby="not-sent-title" withBorder p="md" radius="md">
      <Title order={2} id="not-sent-title" size="h3" mb="xs" ref={heading} tabIndex={-1}>
        Not sent
      </Title>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      {items.length === 0 ? (
        <Text>Nothing left here.</Text>
      ) : (
        <>
          <Text size="sm" mb="sm">
            The school server did not accept these check-ins. If you were at class, tell your teacher; dismiss an entry
            once you have read it.
          </Text>
          <ul ref={list} aria-label="Check-ins not sent" style={LIST_STYLE}>
            {shown.map((r, index) => {
              const recorded = when(Date.parse(r.recorded_at));
              return (
                <Paper component="li" key={r.id} withBorder p="sm" radius="md">
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>Check-in recorded {recorded}</Text>
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        Reason: {r.reason}
                      </Text>
                      <Text size="sm" c="dimmed">
                        Refused at {when(r.refused_at)}
                      </Text>
                    </Stack>
                    <Button
                      variant="default"
                      size="compact-md"
                      data-dismiss=""
                      aria-label={`Dismiss the check-in recorded ${recorded}`}
                      onClick={() => dismiss(r.id, index)}
                      style={{ flexShrink: 0 }}
                    >
                      Dismiss
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </ul>
          {items.length > SHOWN && (
            <Text size="sm" mt="xs">
              And {items.length - SHOWN} more.
            </Text>
          )}
          {items.length > 1 && (
            <Button
              variant="subtle"
              size="compact-md"
              mt="xs"
              onClick={() => {
                focusAt.current = 0;
                setTouched(true);
                notSent.clear();
              }}
            >
              Dismiss all {items.length}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
