import { Button, Group, NativeSelect, Text } from "@mantine/core";
import { formatCount, jumpTarget, PAGE_SIZE_OPTIONS, pageCount, pagerSlots } from "@rollbook/domain";

export interface PagerProps {
  page: number;
  perPage: number;
  /** undefined: not known yet (the first page is loading): the range says nothing rather than "No rows" */
  total: number | undefined;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  /** Names the pagination landmark when a screen has more than one grid. */
  label?: string;
}

/**
 * The 7-slot pager of spec section 9 (first, last, neighbours, and "…" buttons that jump
 * 5 pages), previous/next, the page size (25/50/100/250) and the range shown.
 */
export function Pager({ page, perPage, total: known, onPage, onPerPage, label = "Pagination" }: PagerProps) {
  const total = known ?? 0;
  const pages = pageCount(total, perPage);
  const current = Math.min(Math.max(1, page), pages);
  const first = total === 0 ? 0 : (current - 1) * perPage + 1;
  const last = Math.min(total, current * perPage);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          label="Rows per page"
          size="xs"
          value={String(perPage)}
          onChange={(e) => onPerPage(Number(e.currentTarget.value))}
          data={PAGE_SIZE_OPTIONS.map((n) => String(n))}
        />
        <Text size="sm" aria-live="polite" mt="lg">
          {/* with a thousands separator, as the reports' "Total: 10,716" above a grid */}
          {known === undefined
            ? ""
            : total === 0
              ? "No rows"
              : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
        </Text>
      </Group>
      <nav aria-label={label} style={{ minWidth: 0 }}>
        {/* nine buttons with a three-digit last page are wider than a phone: they wrap, not the page */}
        <Group gap={4} wrap="wrap" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          <li>
            <Button
              size="xs"
              variant="default"
              disabled={current <= 1}
              onClick={() => onPage(current - 1)}
              aria-label="Previous page"
            >
              ‹
            </Button>
          </li>
          {pagerSlots(current, pages).map((slot) => (
            <li key={String(slot)}>
              {typeof slot === "number" ? (
                <Button
                  size="xs"
                  variant={slot === current ? "filled" : "default"}
                  aria-current={slot === current ? "page" : undefined}
                  aria-label={`Page ${slot}`}
                  onClick={() => onPage(slot)}
                >
                  {slot}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={slot === "jump-back" ? "Back 5 pages" : "Forward 5 pages"}
                  onClick={() => onPage(jumpTarget(current, slot === "jump-back" ? -1 : 1, pages))}
                >
                  …
                </Button>
              )}
            </li>
          ))}
          <li>
            <Button
              size="xs"
              variant="default"
              disabled={current >= pages}
              onClick={() => onPage(current + 1)}
              aria-label="Next page"
            >
              ›
            </Button>
          </li>
        </Group>
      </nav>
    </Group>
  );
}
