import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { INPUT_DEBOUNCE_MS, NO_MATCHING_DATA } from "@rollbook/domain";
import { useMemo, useRef, useState } from "react";
import { foldedOptionsFilter } from "../../../ui/folded-options-filter.ts";
import type { Relation } from "./filters.ts";
import { type PickOption, useRelationOptions } from "./options.ts";

export const RELATION_LABEL: Record<Relation, string> = { course: "Course", event: "Event", team: "Team" };

/** "a course", "a team", "an event". */
export const withArticle = (kind: Relation) => `${kind === "event" ? "an" : "a"} ${kind}`;

export interface RelationPickerProps {
  kind: Relation;
  value: string | null;
  /** The chosen option (null when cleared). */
  onChange: (option: PickOption | null) => void;
  /** What the current value is called, when the options do not include it (e.g. after a reload). */
  currentLabel?: string | null;
  label?: string;
  required?: boolean;
  error?: string | null;
  clearable?: boolean;
  w?: SelectProps["w"];
}

/** A searchable select of courses, events or teams, searched on the server as the user types (100 ms). */
export function RelationPicker({
  kind,
  value,
  onChange,
  currentLabel,
  label = RELATION_LABEL[kind],
  required,
  error,
  clearable = true,
  w,
}: RelationPickerProps) {
  const [search, setSearch] = useState("");
  const [typed] = useDebouncedValue(search, INPUT_DEBOUNCE_MS);
  // Mantine puts the chosen option's label into the search text: that is no search of the user's
  const valueLabel = useRef<string | null>(null);
  const term = value && typed === valueLabel.current ? "" : typed;
  const options = useRelationOptions(kind, term);
  const merged = useMemo(() => {
    const byValue = new Map<string, PickOption>();
    for (const o of options.data ?? []) byValue.set(o.value, o);
    if (value && !byValue.has(value))
      byValue.set(value, { value, label: currentLabel ?? `Selected ${kind}`, id: null });
    return [...byValue.values()];
  }, [options.data, value, currentLabel, kind]);
  valueLabel.current = merged.find((o) => o.value === value)?.label ?? null;
  // the options are the answer to the text in the box (not one to earlier text, while the pause
  // after typing runs or the search is on its way)
  const answered = search === typed && !options.isPlaceholderData;

  return (
    <Select
      label={label}
      placeholder={`Pick or type ${withArticle(kind)}`}
      searchable
      clearable={clearable}
      required={required}
      withAsterisk={false}
      error={error}
      w={w}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      data={merged.map((o) => ({ value: o.value, label: o.label }))}
      // the server filters, and its answer is shown as it is; until the answer to what is typed
      // comes, the earlier one is narrowed here to what matches the text, so the list does not
      // move under a pointer pressed on an option when the answer lands (the press and the
      // release would fall on different rows, and nothing would be picked)
      filter={({ options: all, search: text }) =>
        answered ? all : foldedOptionsFilter({ options: all, search: text, limit: all.length })
      }
      nothingFoundMessage={options.isFetching ? "Searching…" : NO_MATCHING_DATA}
      onChange={(v) => onChange(v ? (merged.find((o) => o.value === v) ?? null) : null)}
    />
  );
}
