import { Tabs } from "@mantine/core";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { searchWithTab, TAB_PARAM, tabFromSearch } from "./tab-state.ts";

export interface UrlTab {
  /** The URL's value (`?tab=<value>`), lower case by convention. */
  value: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface UrlTabsProps {
  /** The tab list's accessible name, e.g. "Participant sections". */
  label: string;
  tabs: readonly UrlTab[];
  /** The tab shown without a `tab` parameter; defaults to the first. */
  defaultTab?: string;
  /** The URL parameter; change it when a page has two tab sets. */
  param?: string;
}

/**
 * Tabs whose selection lives in the URL (`?tab=events`; the default tab has no parameter), with
 * the keyboard of the WAI tabs pattern (arrow keys move and select, Home/End). Only the shown
 * panel is mounted, so a tab's queries run when it is opened. Changing tab replaces the history
 * entry and keeps the scroll position, so Back leaves the page rather than walking the tabs.
 */
export function UrlTabs({ label, tabs, defaultTab, param = TAB_PARAM }: UrlTabsProps) {
  const [search, setSearch] = useSearchParams();
  const values = tabs.map((t) => t.value);
  const fallback = defaultTab ?? values[0] ?? "";
  const active = tabFromSearch(search, values, fallback, param);
  const select = (value: string | null) => {
    if (!value || value === active) return;
    setSearch((prev) => searchWithTab(prev, value, fallback, param), { replace: true, preventScrollReset: true });
  };
  return (
    <Tabs value={active} onChange={select} keepMounted={false} loop activateTabWithKeyboard>
      <Tabs.List aria-label={label}>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {t.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
