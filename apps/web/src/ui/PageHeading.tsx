import { Title, type TitleProps } from "@mantine/core";
import { useEffect, useRef } from "react";

/**
 * A page's h1. It takes focus when the page mounts, so after every route change a screen
 * reader announces the new page and keyboard users start from its top; it also names the tab.
 */
export function PageHeading({ children, ...props }: Omit<TitleProps, "order"> & { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${children} · Rollbook`;
    ref.current?.focus({ preventScroll: true });
  }, [children]);
  return (
    <Title order={1} ref={ref} tabIndex={-1} {...props}>
      {children}
    </Title>
  );
}
