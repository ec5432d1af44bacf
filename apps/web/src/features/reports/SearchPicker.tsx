import { MultiSelect, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { INPUT_DEBOUNCE_MS, NO_MATCHING_DATA } from "@rollbook/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { loadLabel, loadOptions, type Option, type OptionSource } from "./option-queries.ts";

/** Labels of values once seen, so a chosen one keeps its name when a new search leaves it out. */
const seen = new Map<string, string>();

const NOUN: Record<OptionSource, string> = {
  course: "class",
  team: "group",
  event: "event",
  student: "participant",
  location: "location",
};
const PLURAL: Record<OptionSource, string> = {
  course: "classes",
  team: "groups",
  event: "events",
  student: "participants",
  location: "locations",
};
const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

function useOptions(source: OptionSource, by: "id" | "uuid", search: string, values: readonly string[]) {
  const [typed] = useDebouncedValue(search, INPUT_DEBOUNCE_MS);
  const fallback = `Selected ${NOUN[source]}`;
  // Mantine writes the chosen option's label into the search text, the stand-in one included
  // while its name is not known yet: that is no search of the user's
  const term = values.some((v) => (seen.get(v) ?? fallback) === typed || typed === fallback) ? "" : typed;
  const options = useQuery({
    queryKey: ["reportPicker", source, by, term.trim()],
    queryFn: () => loadOptions(source, term, by),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  // a chosen uuid the list left out (a link, or a reload, past the first 50): its name, looked up
  const listed = new Set((options.data ?? []).map((o) => o.value));
  const unknown = by === "uuid" ? values.filter((v) => !listed.has(v) && !seen.has(v)) : [];
  const lookup = useQuery({
    queryKey: ["reportPickerLabel", source, unknown],
    queryFn: async () => Promise.all(unknown.map(async (v) => [v, await loadLabel(source, v)] as const)),
    enabled: unknown.length > 0 && options.isSuccess && !options.isFetching,
    staleTime: 30_000,
  });
  const data = useMemo(() => {
    const byValue = new Map<string, Option>();
    for (const o of options.data ?? []) {
      seen.set(o.value, o.label);
      byValue.set(o.value, o);
    }
    for (const [v, label] of lookup.data ?? []) if (label !== null) seen.set(v, label);
    for (const v of values) if (!byValue.has(v)) byValue.set(v, { value: v, label: seen.get(v) ?? fallback });
    return [...byValue.values()];
  }, [options.data, lookup.data, values, fallback]);
  return { data, fetching: options.isFetching };
}

interface Common {
  source: OptionSource;
  label: string;
  /** What the value is: the id (as text) or the uuid. */
  by: "id" | "uuid";
  error?: string | null;
  required?: boolean;
}

/** One course, group, event, participant or location, searched on the server as the user types. */
export function SearchPicker({
  source,
  label,
  by,
  value,
  onChange,
  error,
  required,
}: Common & { value: string | null; onChange: (value: string | null) => void }) {
  const [search, setSearch] = useState("");
  const { data, fetching } = useOptions(source, by, search, value ? [value] : []);
  return (
    <Select
      label={label}
      placeholder={`Pick or type ${article(NOUN[source])}`}
      searchable
      clearable={!required}
      required={required}
      error={error}
      w={{ base: "100%", xs: 280 }}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      // the server filters; Mantine must not filter the answer again
      filter={({ options }) => options}
      nothingFoundMessage={fetching ? "Searching…" : NO_MATCHING_DATA}
      onChange={onChange}
    />
  );
}

/**
 * Several of them (the classes, groups or courses of a report), as ids. Left empty it reads "All
 * classes", as for a filter that narrows the rows; `noneMeansNone` for a list that picks the rows
 * (the Tokens report's groups and classes: nothing chosen is no row), which reads "Pick classes".
 */
export function SearchMultiPicker({
  source,
  label,
  value,
  onChange,
  error,
  required,
  noneMeansNone = false,
}: Omit<Common, "by"> & { value: readonly number[]; onChange: (ids: number[]) => void; noneMeansNone?: boolean }) {
  const [search, setSearch] = useState("");
  const values = useMemo(() => value.map(String), [value]);
  const { data, fetching } = useOptions(source, "id", search, values);
  return (
    <MultiSelect
      label={label}
      placeholder={
        values.length ? undefined : required || noneMeansNone ? `Pick ${PLURAL[source]}` : `All ${PLURAL[source]}`
      }
      searchable
      clearable
      required={required}
      error={error}
      w={{ base: "100%", xs: 320 }}
      value={values}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      filter={({ options }) => options}
      nothingFoundMessage={fetching ? "Searching…" : NO_MATCHING_DATA}
      onChange={(next) => onChange(next.map(Number))}
    />
  );
}
