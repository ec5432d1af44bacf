/**
 * A page's tab kept in the URL (`?tab=events`), so a reload, a shared link and a live refetch
 * keep it. Pure, so the rules are tested without a browser: an unknown or missing value is the
 * default tab, and the default tab is written as no parameter at all (one canonical URL).
 */

export const TAB_PARAM = "tab";

/** The tab the URL names, or `fallback` when it names none of `tabs` (matched without case). */
export function tabFromSearch(
  search: URLSearchParams,
  tabs: readonly string[],
  fallback: string,
  param = TAB_PARAM,
): string {
  const asked = search.get(param)?.trim().toLowerCase();
  if (!asked) return fallback;
  return tabs.find((t) => t.toLowerCase() === asked) ?? fallback;
}

/** The search parameters with `tab` selected; every other parameter is kept as it was. */
export function searchWithTab(
  search: URLSearchParams,
  tab: string,
  fallback: string,
  param = TAB_PARAM,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === fallback) next.delete(param);
  else next.set(param, tab);
  return next;
}
