import type { ComponentPropsWithRef, MouseEvent } from "react";

type Props = ComponentPropsWithRef<"button"> & { "data-loading"?: unknown; "data-disabled"?: unknown };

const set = (v: unknown) => v !== undefined && v !== false && v !== "false";

/**
 * The element every Mantine Button renders (the theme's default `component`, app/theme.ts).
 * Mantine disables a button while it is `loading`, and a disabled button cannot hold focus: focus
 * fell to <body> on every submit while the save ran (a screen reader lost its place, Tab began at
 * the top). A busy button here stays focusable: it says aria-disabled (read as unavailable) and
 * aria-busy, and ignores clicks, a form's submit by Enter included, until it is done. A button
 * disabled on purpose (`disabled`, which Mantine also marks data-disabled) stays disabled.
 */
export function ButtonRoot({ disabled, onClick, type = "button", ...props }: Props) {
  const busy = set(props["data-loading"]);
  const ignore = (e: MouseEvent<HTMLButtonElement>) => e.preventDefault();
  return (
    <button
      type={type}
      {...props}
      disabled={busy ? set(props["data-disabled"]) : disabled}
      aria-disabled={busy || props["aria-disabled"]}
      aria-busy={busy || props["aria-busy"]}
      onClick={busy ? ignore : onClick}
    />
  );
}
