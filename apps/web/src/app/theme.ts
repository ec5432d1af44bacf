import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from "@mantine/core";
import { BREAKPOINTS } from "@rollbook/domain";
import type { Prefs } from "../lib/session.ts";
import { ButtonRoot } from "../ui/ButtonRoot.tsx";

const em = (px: number) => `${px / 16}em`;

/**
 * Rollbook's theme. The default already meets WCAG AA contrast (darker shades than Mantine's
 * defaults for the primary colour, dimmed, error and success text); `higher_contrast` goes further.
 */
export function buildTheme(prefs: Prefs): MantineThemeOverride {
  return createTheme({
    primaryColor: "blue",
    primaryShade: { light: prefs.higher_contrast ? 9 : 8, dark: 8 },
    focusRing: prefs.a11y_mode || prefs.higher_contrast ? "always" : "auto",
    respectReducedMotion: true,
    // the spec's breakpoints: small 480, phone < 768, tablet < 992, desktop < 1200
    breakpoints: {
      xs: em(BREAKPOINTS.small),
      sm: em(BREAKPOINTS.phone),
      md: em(BREAKPOINTS.tablet),
      lg: em(BREAKPOINTS.desktop),
      xl: "88em",
    },
    defaultRadius: prefs.higher_contrast ? "sm" : "md",
    other: { higherContrast: prefs.higher_contrast, a11yMode: prefs.a11y_mode },
    components: {
      // A table's scroll box is the containing block of what it holds. Without it a visually
      // hidden cell text (.sr-only, absolutely positioned) sits at its place in the wide table but
      // belongs to a box outside the scroll box, which does not clip it: the page itself scrolled
      // sideways on a phone (/Locations/:id, the beacons' "Actions" header). A plain object, not
      // Table.ScrollContainer.extend: the theme is in the entry chunk /Login loads, Table is not
      TableScrollContainer: { styles: { scrollContainer: { position: "relative" } } },
      // An alert's bold title in its colour on its tint fell under 4.5:1 ("E-mail changed",
      // "Password changed": teal-9 on teal-1 is 4.32, axe color-contrast): titles read in the text
      // colour; the tint, the border and the role still say what kind of alert it is
      Alert: { styles: { title: { color: "var(--mantine-color-text)" } } },
      // A busy (loading) button keeps focus instead of being disabled (decision 0583)
      Button: { defaultProps: { component: ButtonRoot } },
    },
  });
}

const LIGHT_VARIANT_COLORS = ["teal", "green", "orange", "yellow", "red", "blue", "grape", "violet", "cyan", "gray"];

export function cssVariables(prefs: Prefs): CSSVariablesResolver {
  const light: Record<string, string> = prefs.higher_contrast
    ? {
        "--mantine-color-text": "#000",
        "--mantine-color-dimmed": "#000",
        "--mantine-color-error": "#a51111",
        "--mantine-color-success": "#05503a",
        "--mantine-color-placeholder": "var(--mantine-color-gray-8)",
        "--mantine-color-default-border": "#000",
        "--mantine-color-anchor": "#0b3d91",
      }
    : {
        "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
        "--mantine-color-error": "var(--mantine-color-red-9)",
        "--mantine-color-success": "var(--mantine-color-teal-9)",
        "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
      };
  // the text of light variants (alerts, badges) on their tinted background: Mantine's shade 6
  // falls under 4.5:1 for teal, green, orange and yellow; shade 9 passes for every colour
  for (const c of LIGHT_VARIANT_COLORS) light[`--mantine-color-${c}-light-color`] = `var(--mantine-color-${c}-9)`;
  return () => ({ variables: {}, light, dark: {} });
}
