import { Alert, Anchor, Group, Stack, Table, Text, Title } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { useId } from "react";
import { Link, useParams } from "react-router";
import { formatDateTimeSeconds } from "../../ui/detail/format.ts";
import { OuterCaption } from "../../ui/OuterCaption.tsx";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { ScrollRegion } from "../../ui/ScrollRegion.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { type ImportKind, KINDS, rowsWord } from "./columns.ts";
import { ImportProgress, ImportStatus } from "./ImportProgress.tsx";
import { useImport } from "./queries.ts";

/**
 * /Imports/{uuid}: one import, its live progress (pushed: import.update refetches it) and the
 * rows that were not written, with their line and reason.
 */
export default function ImportPage() {
  const { uuid = "" } = useParams();
  const captionId = useId();
  const q = useImport(uuid);
  const imp = q.data?.import;
  // on the school's clock, not the browser's; to the second: Uploaded and Finished are often seconds apart (0592)
  const when = (iso: string | null | undefined) => formatDateTimeSeconds(iso, q.data?.school.timezone);
  // every row not written, also those past the listed ones (the server counts them)
  const notImported = imp?.rejected_rows ?? 0;
  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to="/Settings?tab=imports" size="sm">
        Back to the imports
      </Anchor>
      <PageHeading>Import</PageHeading>
      {q.isPending ? (
        <Spinner label="Loading the import" />
      ) : q.isError || !imp ? (
        <Alert color="red" title="Import not found">
          {q.error instanceof Error ? q.error.message : "This import does not exist or is not of your school."}
        </Alert>
      ) : (
        <>
          <Group gap="lg" align="flex-start">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                Kind
              </Text>
              <Text size="sm">{KINDS[imp.kind as ImportKind]?.label ?? imp.kind}</Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                Status
              </Text>
              <ImportStatus status={imp.status} />
            </Stack>
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                Uploaded
              </Text>
              <Text size="sm">
                {when(imp.created_at)}
                {imp.user ? ` by ${imp.user.first_name} ${imp.user.last_name}`.trimEnd() : ""}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                Finished
              </Text>
              <Text size="sm">{when(imp.finished_at)}</Text>
            </Stack>
          </Group>
          <ImportProgress progress={imp.progress} total={imp.total_rows} status={imp.status} name="Import progress" />
          <Text size="sm" role="status">
            {imp.status === "done"
              ? `Done: ${rowsWord(imp.total_rows - notImported)} imported, ${formatCount(notImported)} not.`
              : imp.status === "failed"
                ? "The import failed: the rows before the failure were kept."
                : imp.status === "queued"
                  ? "Waiting for the server to start the import…"
                  : "Importing…"}
          </Text>
          <Stack gap="xs" component="section" aria-labelledby="row-errors">
            <Title order={2} size="h4" id="row-errors">
              Rows not imported
            </Title>
            {imp.row_errors.length === 0 ? (
              <Text size="sm">{imp.status === "done" ? "Every row was imported." : "None so far."}</Text>
            ) : (
              <>
                {/* the table's name, above it and outside the part that scrolls sideways */}
                <OuterCaption id={captionId}>Rows of the file not imported, with the reason</OuterCaption>
                {/* focusable and named: a narrow screen scrolls it sideways by keyboard too */}
                <ScrollRegion minWidth={480} label="Table of the rows not imported, scrolls sideways">
                  <Table striped aria-labelledby={captionId}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={90}>Line</Table.Th>
                        <Table.Th>Reason</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {imp.row_errors.map((e) => (
                        <Table.Tr key={`${e.line}:${e.reason}`}>
                          <Table.Td>{e.line > 0 ? e.line : "—"}</Table.Td>
                          <Table.Td>{e.reason}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollRegion>
              </>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
