import { MantineProvider } from "@mantine/core";
import { type ReactNode, useEffect, useMemo } from "react";
import { useSession } from "../lib/session.ts";
import { buildTheme, cssVariables } from "./theme.ts";

/**
 * The theme follows the signed-in user's higher_contrast and a11y_mode (kept with the session,
 * refreshed from `me`); <html> data attributes carry them to a11y.css.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { prefs } = useSession();
  const theme = useMemo(() => buildTheme(prefs), [prefs]);
  const resolver = useMemo(() => cssVariables(prefs), [prefs]);
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.higherContrast = String(prefs.higher_contrast);
    html.dataset.a11yMode = String(prefs.a11y_mode);
  }, [prefs]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={resolver} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
