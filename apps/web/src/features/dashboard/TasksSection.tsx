import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { execute } from "../../lib/graphql.ts";
import type { MeTask } from "../../lib/me.ts";
import { formatDateTime } from "../../ui/detail/format.ts";
import { notify } from "../../ui/notify.tsx";
import { CloseTaskDocument } from "./queries.ts";
import { Section } from "./Section.tsx";

function TaskItem({
  task,
  timeZone,
  onClose,
}: {
  task: MeTask;
  timeZone: string | undefined;
  onClose: (task: MeTask) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const studentUuid = task.taskable?.student.uuid;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="sm"
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
        <Text fw={600}>{task.description}</Text>
        <Text size="sm" c="dimmed">
          {/* on the school's clock only (decision 0592): until the dashboard's call brings the
              zone, or when it failed, no time at all rather than one in UTC */}
          {timeZone && (
            <>
              Created <time dateTime={task.created_at}>{formatDateTime(task.created_at, timeZone)}</time>
            </>
          )}
          {studentUuid && (
            <>
              {timeZone && " · "}
              {/* underlined: in dimmed text its colour alone does not mark it as a link (axe
                  link-in-text-block); its name says which task, as the Close button's does */}
              <Anchor
                component={Link}
                to={`/Students/${studentUuid}`}
                size="sm"
                underline="always"
                aria-label={`Open participant: ${task.description}`}
              >
                Open participant
              </Anchor>
            </>
          )}
        </Text>
      </Stack>
      <Button
        size="xs"
        variant="light"
        loading={busy}
        aria-label={`Close task: ${task.description}`}
        onClick={async () => {
          setBusy(true);
          await onClose(task);
          setBusy(false);
        }}
      >
        Close task
      </Button>
    </Group>
  );
}

/** The user's open tasks, each closable. */
export function TasksSection({
  tasks,
  timeZone,
  onChanged,
}: {
  tasks: readonly MeTask[];
  timeZone: string | undefined;
  onChanged: () => Promise<unknown>;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const close = async (task: MeTask) => {
    try {
      await execute(CloseTaskDocument, { id: task.id });
      await onChanged();
      notify.success(`Task closed: ${task.description}`);
      heading.current?.focus();
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "The task could not be closed.");
    }
  };
  return (
    <Section title="My tasks" headingRef={heading}>
      {tasks.length === 0 ? (
        <Text>You have no open tasks.</Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: "none" }}>
          {tasks.map((task) => (
            <TaskItem key={task.id} task={task} timeZone={timeZone} onClose={close} />
          ))}
        </Stack>
      )}
    </Section>
  );
}
