import { Anchor, Button, Code, FileInput, Group, Pagination, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatDateTime } from "../../ui/detail/format.ts";
import { notify } from "../../ui/notify.tsx";
import { ScrollRegion } from "../../ui/ScrollRegion.tsx";
import { IMPORT_KINDS, type ImportKind, KINDS, rowsWord, SAMPLE_NOTE } from "./columns.ts";
import { ImportProgress, ImportStatus } from "./ImportProgress.tsx";
import { uploadImport, useImports } from "./queries.ts";

const PER_PAGE = 25;

/** The columns of a kind, as the upload form shows them (required ones marked). */
function ColumnsOf({ kind }: { kind: ImportKind }) {
  const k = KINDS[kind];
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="sm">
        {kind === "oneroster" ? "Files in the zip" : "Columns"} (required first):{" "}
        <Code>{[...k.required.map((c) => `${c}*`), ...k.optional].join(", ")}</Code>
      </Text>
      <Text size="sm">{k.hint}</Text>
    </Stack>
  );
}

/** Upload: the kind, the file, then straight to the import's page to follow it. */
function UploadForm() {
  const [kind, setKind] = useState<ImportKind>("students");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError("Choose a file to import.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const made = await uploadImport(kind, file);
      notify.success(`The file was accepted: ${rowsWord(made.total_rows)} to import.`);
      void client.invalidateQueries({ queryKey: ["imports"] });
      navigate(`/Imports/${made.uuid}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The file could not be uploaded.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" component="form" onSubmit={submit} aria-labelledby="import-upload" maw={720}>
      <Title order={2} size="h4" id="import-upload">
        Import a file
      </Title>
      <Select
        label="What the file holds"
        data={IMPORT_KINDS.map((k) => ({ value: k, label: KINDS[k].label }))}
        value={kind}
        onChange={(v) => {
          if (v) setKind(v as ImportKind);
          setError(null);
        }}
        allowDeselect={false}
        required
      />
      <ColumnsOf kind={kind} />
      <FileInput
        label={kind === "oneroster" ? "OneRoster zip" : "CSV file"}
        description="Up to 20 MB, UTF-8, with a header row."
        // an empty box gave no hint that it opens the file chooser
        placeholder={kind === "oneroster" ? "Choose a .zip file" : "Choose a .csv file"}
        accept={KINDS[kind].accept}
        value={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
        }}
        error={error}
        clearable
        required
      />
      <Group>
        <Button type="submit" loading={busy}>
          Upload and import
        </Button>
      </Group>
      <Text size="xs">{SAMPLE_NOTE}</Text>
    </Stack>
  );
}

/** The school's imports, newest first, their status and progress updated by push. */
function ImportsList() {
  const [page, setPage] = useState(1);
  const list = useImports(page, PER_PAGE);
  const rows = list.data?.imports.data ?? [];
  const total = list.data?.imports.total ?? 0;
  // on the school's clock, not the browser's
  const when = (iso: string) => formatDateTime(iso, list.data?.school.timezone);
  return (
    <Stack gap="xs" component="section" aria-labelledby="imports-list">
      <Title order={2} size="h4" id="imports-list">
        Imports
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{list.isPending ? "Loading imports…" : "No imports yet."}</Text>
      ) : (
        <ScrollRegion minWidth={720} label="Table of imports, scrolls sideways">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Uploaded</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th>Row errors</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => (
                <Table.Tr key={i.uuid}>
                  <Table.Td>
                    <Anchor component={Link} to={`/Imports/${i.uuid}`}>
                      {when(i.created_at)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{KINDS[i.kind as ImportKind]?.label ?? i.kind}</Table.Td>
                  <Table.Td>{i.user ? `${i.user.first_name} ${i.user.last_name}`.trim() : "—"}</Table.Td>
                  <Table.Td>
                    <ImportStatus status={i.status} />
                  </Table.Td>
                  <Table.Td>
                    <ImportProgress
                      compact
                      progress={i.progress}
                      total={i.total_rows}
                      status={i.status}
                      name={`Progress of the import of ${when(i.created_at)}`}
                    />
                  </Table.Td>
                  <Table.Td>{i.error_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
      {total > PER_PAGE && (
        <Pagination
          total={Math.ceil(total / PER_PAGE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
        />
      )}
    </Stack>
  );
}

/** The Imports tab of /Settings (admin roles): upload a file, follow the school's imports. */
export function ImportsPanel() {
  return (
    <Stack gap="xl">
      <UploadForm />
      <ImportsList />
    </Stack>
  );
}
