import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element scrolls sideways (its content is wider than it): a scroll box is a tab stop
 * only then, so a keyboard can scroll what the mouse can, and a table that fits adds no stop.
 * Followed as the box and its content resize (a phone turned, rows loaded).
 */
export function useOverflowX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
