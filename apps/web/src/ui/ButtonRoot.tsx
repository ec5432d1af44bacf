import { useMergedRef } from "@mantine/hooks";
import { type ComponentPropsWithRef, type MouseEvent, useEffect, useRef } from "react";
import { announce } from "./announce.ts";

type Props = ComponentPropsWithRef<"button"> & { "data-loading"?: unknown; "data-disabled"?: unknown };

const set = (v: unknown) => v !== undefined && v !== false && v !== "false";

/** What a busy button says it is doing, after its own words (decision 0585). */
export const BUSY_WORDS = "working…";

/**
 * The element every Mantine Button renders (the theme's default `component`, app/theme.ts).
 * Mantine disables a button while it is `loading`, and a disabled button cannot hold focus: focus
 * fell to <body> on every submit while the save ran (a screen reader lost its place, Tab began at
 * the top). A busy button here stays focusable and ignores clicks, a form's submit by Enter
 * included, until it is done (decision 0583). It says it is busy, not unavailable (decision
 * 0585): aria-busy, "working…" after its name, and, when it has focus, the same word through the
 * polite live region. A button disabled on purpose (`disabled`, which Mantine also marks
 * data-disabled) stays disabled.
 */
export function ButtonRoot({ disabled, onClick, type = "button", children, ref, ...props }: Props) {
  const busy = set(props["data-loading"]);
  const own = useRef<HTMLButtonElement>(null);
  const merged = useMergedRef(ref, own);
  const ignore = (e: MouseEvent<HTMLButtonElement>) => e.preventDefault();
  useEffect(() => {
    const el = own.current;
    if (busy && el && el.ownerDocument.activeElement === el) announce(el.ownerDocument, BUSY_WORDS);
  }, [busy]);
  return (
    <button
      type={type}
      {...props}
      ref={merged}
      disabled={busy ? set(props["data-disabled"]) : disabled}
      aria-busy={busy || props["aria-busy"]}
      onClick={busy ? ignore : onClick}
    >
      {children}
      {busy && <span className="sr-only">{BUSY_WORDS}</span>}
    </button>
  );
}
