import { Button, Code, FileInput, Group, Select, Stack, Text, Title } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { formatDateTime } from "../../ui/detail/format.ts";
import { DataGrid, type GridColumn } from "../../ui/grid/DataGrid.tsx";
import { useGridParams } from "../../ui/grid/useGridParams.ts";
import { notify } from "../../ui/notify.tsx";
import { IMPORT_KINDS, type ImportKind, KINDS, rowsWord, SAMPLE_NOTE } from "./columns.ts";
import { ImportProgress, ImportStatus } from "./ImportProgress.tsx";
import { type ImportListItem, uploadImport, useImports } from "./queries.ts";

/**
 * The imports' columns: the upload's time links to the import (a card's title on a phone, a link
 * of the table's size on a wider screen: DataGrid's links, not a larger Anchor of its own).
 */
function importColumns(when: (iso: string) => string): GridColumn<ImportListItem>[] {
  return [
    {
      key: "created_at",
      header: "Uploaded",
      phone: "title",
      render: (i) => when(i.created_at),
      href: (i) => `/Imports/${i.uuid}`,
    },
    { key: "kind", header: "Kind", render: (i) => KINDS[i.kind as ImportKind]?.label ?? i.kind },
    {
      key: "user",
      header: "By",
      render: (i) => (i.user ? `${i.user.first_name} ${i.user.last_name}`.trim() : "—"),
    },
    { key: "status", header: "Status", render: (i) => <ImportStatus status={i.status} /> },
    {
      key: "progress",
      header: "Progress",
      render: (i) => (
        <ImportProgress
          compact
          progress={i.progress}
          total={i.total_rows}
          status={i.status}
          name={`Progress of the import of ${when(i.created_at)}`}
        />
      ),
    },
    { key: "error_count", header: "Row errors", render: (i) => formatCount(i.error_count) },
  ];
}

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
  // paged as every list (the URL keeps the page; cards on a phone), newest first as the server sends them
  const grid = useGridParams();
  const list = useImports(grid.params.page, grid.params.per_page);
  // on the school's clock, not the browser's
  const timeZone = list.data?.school.timezone;
  const columns = useMemo(() => importColumns((iso) => formatDateTime(iso, timeZone)), [timeZone]);
  return (
    <Stack gap="xs" component="section" aria-labelledby="imports-list">
      <Title order={2} size="h4" id="imports-list">
        Imports
      </Title>
      <DataGrid
        caption="The school's imports, newest first"
        columns={columns}
        rows={list.data?.imports.data}
        total={list.data?.imports.total}
        rowKey={(i) => i.uuid}
        grid={grid}
        // not on a pushed refetch (an import's progress): the overlay would blink while it runs
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : null}
        emptyText="No imports yet."
      />
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
