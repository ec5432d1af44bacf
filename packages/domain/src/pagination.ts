import { PAGER_QUICK_JUMP, PAGER_SLOTS } from "./constants.ts";

export const pageCount = (total: number, perPage: number) =>
  Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)));

/** Keeps a page between 1 and the page count. */
export const clampPage = (page: number, total: number, perPage: number) =>
  Math.min(Math.max(1, Math.trunc(page) || 1), pageCount(total, perPage));

export type PagerSlot = number | "jump-back" | "jump-forward";

/**
 * The pager's 7 slots: first, last, the pages around the current one, and a
 * quick-jump (5 pages) standing in for the pages hidden on either side.
 */
export function pagerSlots(current: number, pages: number): PagerSlot[] {
  if (pages <= PAGER_SLOTS) return Array.from({ length: pages }, (_, i) => i + 1);
  const c = Math.min(Math.max(1, current), pages);
  if (c <= 4) return [1, 2, 3, 4, 5, "jump-forward", pages];
  if (c >= pages - 3) return [1, "jump-back", pages - 4, pages - 3, pages - 2, pages - 1, pages];
  return [1, "jump-back", c - 1, c, c + 1, "jump-forward", pages];
}

export const jumpTarget = (current: number, dir: -1 | 1, pages: number) =>
  Math.min(pages, Math.max(1, current + dir * PAGER_QUICK_JUMP));
