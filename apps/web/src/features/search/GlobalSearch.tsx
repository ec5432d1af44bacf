import { Box, Button, CloseButton, Loader, Paper, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { BREAKPOINTS, INPUT_DEBOUNCE_MS, NO_MATCHING_DATA } from "@rollbook/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import classes from "./GlobalSearch.module.css";
import { searchAll } from "./search-client.ts";
import {
  flatHits,
  groupHits,
  isCurrent,
  isSearchShortcut,
  SEARCH_FAILED,
  type SearchView,
  searchKey,
  searchStatus,
  settleEnter,
} from "./search-model.ts";

const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.phone - 0.1) / 16}em)`;

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" />
      <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's global search (spec section 2): a combobox over participants, classes, groups and
 * events, 5 of each, searched 100 ms after typing stops with the search token. `s` anywhere
 * (outside a field) focuses it, the arrows walk the hits, Enter opens the highlighted one or the
 * first, Esc closes the list (and a second Esc empties the field). On a phone it opens from an
 * icon button over the header.
 *
 * The hits of an earlier text stay shown while the field's own are searched; the keys act only on
 * the field's own: Enter pressed before they come waits for them and then opens the first (it is
 * dropped if the text changes, Esc is pressed or focus leaves first).
 */
export function GlobalSearch() {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState("");
  const query = text.trim();
  const [term] = useDebouncedValue(query, INPUT_DEBOUNCE_MS);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The text an Enter was pressed on before its hits came (searchKey's "wait"). */
  const [pending, setPending] = useState<string | null>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (key: string) => `${id}-${key}`;

  const results = useQuery({
    queryKey: ["search", term],
    // the answer names the text it answers: the previous one stays shown while the next is searched
    queryFn: async () => ({ term, found: await searchAll(term) }),
    enabled: term !== "",
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const answer = term === "" ? undefined : results.data;
  const groups = useMemo(() => groupHits(answer?.found ?? undefined), [answer]);
  const hits = useMemo(() => flatHits(groups), [groups]);
  const failed = results.isError && term === query;
  const showList = open && query !== "" && hits.length > 0;
  const view: SearchView = { query, answered: answer?.term, hits, failed, open: showList, active };
  const current = isCurrent(view);
  const empty = current && hits.length === 0;
  const showPanel = open && query !== "" && (hits.length > 0 || empty || failed);

  // a new answer starts with nothing highlighted (Enter then opens the first hit)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hits are the trigger
  useEffect(() => setActive(-1), [hits]);

  // leaving the page closes the search
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is the trigger
  useEffect(() => {
    setOpen(false);
    setPhoneOpen(false);
    setPending(null);
  }, [location.key]);

  // `s` anywhere focuses the search
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      if (phone) setPhoneOpen(true);
      // on a phone the field mounts first
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.select();
      });
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [phone]);

  // focus leaving the search (field and list) closes the list
  const textRef = useRef(text);
  textRef.current = text;
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a phone the field (and root) mounts when the bar opens
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onOut = (e: FocusEvent) => {
      if (el.contains(e.relatedTarget as Node | null)) return;
      setOpen(false);
      setPending(null);
      if (phone && !textRef.current) setPhoneOpen(false);
    };
    el.addEventListener("focusout", onOut);
    return () => el.removeEventListener("focusout", onOut);
  }, [phone, phoneOpen]);

  // keep the highlighted hit in view
  useEffect(() => {
    if (active < 0) return;
    const hit = hits[active];
    if (hit) document.getElementById(optionId(hit.key))?.scrollIntoView?.({ block: "nearest" });
  });

  const go = (href: string) => {
    setOpen(false);
    setPhoneOpen(false);
    setPending(null);
    setText("");
    input.current?.blur();
    navigate(href);
  };

  // an Enter that waits for its text's hits: opens the first when they come, or is dropped
  useEffect(() => {
    if (pending === null) return;
    const next = settleEnter(pending, view);
    if (next.type === "wait") return;
    setPending(null);
    if (next.type === "open") go(next.href);
  });

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const action = searchKey(e.key, view);
    switch (action.type) {
      case "move":
        e.preventDefault();
        setOpen(true);
        setActive(action.active);
        return;
      case "open":
        e.preventDefault();
        go(action.href);
        return;
      case "wait":
        e.preventDefault();
        setOpen(true);
        setPending(query);
        return;
      case "close":
        e.preventDefault();
        setOpen(false);
        setActive(-1);
        setPending(null);
        return;
      case "clear":
        e.preventDefault();
        if (text) setText("");
        else if (phone) setPhoneOpen(false);
        else input.current?.blur();
        return;
      default:
        if (e.key === "Escape" && phone) setPhoneOpen(false);
    }
  };

  const activeHit = showList && active >= 0 ? hits[active] : undefined;
  const status = open ? searchStatus(view) : "";

  const field = (
    <div ref={root} className={classes.root} data-phone={phone || undefined}>
      <TextInput
        ref={input}
        role="combobox"
        aria-label="Search"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={activeHit ? optionId(activeHit.key) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search"
        value={text}
        leftSection={<SearchIcon />}
        rightSection={
          results.isFetching || (query !== "" && !current && !failed) ? (
            <Loader size="xs" aria-hidden="true" />
          ) : text ? (
            <CloseButton
              size="sm"
              aria-label="Clear search"
              onClick={() => {
                setText("");
                input.current?.focus();
              }}
            />
          ) : (
            <span className={classes.kbd} aria-hidden="true">
              s
            </span>
          )
        }
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
          // the highlight was on the hits of the text before
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        classNames={{ input: classes.input }}
      />
      <VisuallyHidden id={`${id}-hint`}>
        Participants, classes, groups and events. Press s to come here, Enter opens the first hit.
      </VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {status}
      </VisuallyHidden>
      {showPanel && (
        // focusable: it scrolls when the hits are many (axe scrollable-region-focusable)
        <Paper className={classes.panel} shadow="md" withBorder radius="md" data-testid="search-results" tabIndex={0}>
          {showList ? (
            <div
              id={listId}
              role="listbox"
              aria-label="Search results"
              // the hits of an earlier text, while the field's own are searched
              aria-busy={current ? undefined : true}
              className={classes.list}
            >
              {groups.map((g) => (
                // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group"; a fieldset is not allowed there
                <div key={g.key} role="group" aria-labelledby={`${id}-g-${g.key}`} className={classes.group}>
                  <div id={`${id}-g-${g.key}`} role="presentation" className={classes.groupLabel}>
                    {g.label}
                  </div>
                  {g.hits.map((hit) => {
                    const selected = activeHit?.key === hit.key;
                    return (
                      // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox field's (aria-activedescendant); focus never leaves it
                      <div
                        key={hit.key}
                        id={optionId(hit.key)}
                        role="option"
                        aria-selected={selected}
                        tabIndex={-1}
                        className={classes.option}
                        data-active={selected || undefined}
                        // keep focus in the field: a click must not blur it before it lands
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => go(hit.href)}
                        onMouseEnter={() => setActive(hits.indexOf(hit))}
                      >
                        <span className={classes.optionLabel}>{hit.label}</span>
                        {hit.detail && <span className={classes.optionDetail}>{hit.detail}</span>}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          ) : (
            <Text size="sm" c="dimmed" p="sm" ta="center">
              {failed ? SEARCH_FAILED : NO_MATCHING_DATA}
            </Text>
          )}
        </Paper>
      )}
    </div>
  );

  if (!phone)
    return (
      <Box role="search" aria-label="Global search">
        {field}
      </Box>
    );
  return (
    <>
      {/* a Button, not an ActionIcon: /Login shares Mantine's chunks, and ActionIcon would split one off */}
      <Button
        variant="subtle"
        size="sm"
        px={8}
        aria-label="Search"
        aria-expanded={phoneOpen}
        onClick={() => {
          setPhoneOpen(true);
          requestAnimationFrame(() => input.current?.focus());
        }}
      >
        <SearchIcon />
      </Button>
      {phoneOpen && (
        <Box role="search" aria-label="Global search" className={classes.phoneBar}>
          {field}
          <CloseButton aria-label="Close search" onClick={() => setPhoneOpen(false)} />
        </Box>
      )}
    </>
  );
}
