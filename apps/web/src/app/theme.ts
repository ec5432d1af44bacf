import {
  type CSSVariablesResolver,
  createTheme,
  getDefaultZIndex,
  type MantineThemeOverride,
  rem,
} from "@mantine/core";
import { BREAKPOINTS } from "@rollbook/domain";
import type { Prefs } from "../lib/session.ts";
import { ButtonRoot } from "../ui/ButtonRoot.tsx";
import { foldedOptionsFilter } from "../ui/folded-options-filter.ts";

const em = (px: number) => `${px / 16}em`;

/**
 * Where a dropdown opens (decision 0711): next to what opens it, not in Mantine's portal at the end
 * of <body>. There it was outside every landmark (axe region), and the list of a field in a dialog
 * was outside that dialog, whose aria-modal lets assistive technology treat all outside it as gone.
 * Next to its field it is in the field's landmark or dialog. Fixed positioning keeps it from being
 * cut off by a box that scrolls or clips (a dialog's body, a table's scroll box): only a transformed
 * ancestor would hold it, hence the dialogs' fade below.
 */
const IN_PLACE = { withinPortal: false, floatingStrategy: "fixed" } as const;
/** A long list scrolls in the listbox itself (see the theme's Combobox). */
const SCROLLING_LIST = { options: { maxHeight: rem(220), overflowY: "auto" } } as const;
/** A searchable field's list scrolls in itself, and what is typed matches blind to accents (0615). */
const SCROLLING_LIST_FIELD = {
  defaultProps: { withScrollArea: false, filter: foldedOptionsFilter },
  styles: SCROLLING_LIST,
} as const;

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
      // Dropdowns open next to their field (IN_PLACE above): Popover for itself, Menu, HoverCard and
      // the date pickers; Tooltip and Combobox (Select, MultiSelect, Autocomplete, TagsInput) have
      // defaults of their own that would put them back in the portal
      // It opens with Mantine's fade but closes at once: next to its field, a closing calendar is
      // right after its button in the tab order, and a Tab pressed while it faded went into it
      Popover: {
        defaultProps: { ...IN_PLACE, transitionProps: { transition: "fade", duration: 150, exitDuration: 0 } },
      },
      Tooltip: { defaultProps: IN_PLACE },
      Combobox: { defaultProps: IN_PLACE, styles: SCROLLING_LIST },
      // That scrolling listbox is out of the tab order. Chromium puts a scroll box with nothing
      // focusable in it in the tab order (its options are reached by the field's arrow keys): Tab
      // from an open field went to its list, the field's blur closed it, and focus fell to <body>,
      // one Tab lost (Reports' Classes). A combobox's list is not a tab stop (WAI-ARIA), and axe
      // does not ask one to be (scrollable-region-focusable leaves combobox popups out). A plain
      // object, as TableScrollContainer: Combobox.Options reads its defaults under this name
      ComboboxOptions: { defaultProps: { tabIndex: -1 } },
      // An opened menu puts focus on its first item (WAI-ARIA's menu button), not on Mantine's empty
      // placeholder: a focusable child of role presentation in a menu (axe aria-required-children,
      // critical), which a screen reader reads as nothing
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A long list scrolls in the listbox itself (Combobox's styles above), as tall as Mantine's own
      // (220 px): Mantine's ScrollArea inside it was a scroll box no key reaches (axe
      // scrollable-region-focusable, serious), while a combobox's listbox is scrolled by the arrow
      // keys of its field. Each field styles its list under its own name, not Combobox's
      Select: SCROLLING_LIST_FIELD,
      MultiSelect: SCROLLING_LIST_FIELD,
      Autocomplete: SCROLLING_LIST_FIELD,
      TagsInput: SCROLLING_LIST_FIELD,
      Modal: {
        // a transform, even translateY(0) once the slide is over, makes the dialog the box its fixed
        // dropdowns are placed and cut off in (its body scrolls): the dialog fades in instead
        defaultProps: { transitionProps: { transition: "fade", duration: 200 } },
        // its title bar stays on top of the body it scrolls over (Mantine: z-index 1000), but under
        // a list that opens or scrolls over it, as the list in its portal was over the whole dialog
        styles: { header: { zIndex: getDefaultZIndex("popover") - 1 } },
      },
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
        // gray-6 reads 3.3:1 on white: a placeholder is text too, and where it is a real element
        // (the file box's "Choose a .csv file") axe weighs it; gray-7 reads 8:1
        "--mantine-color-placeholder": "var(--mantine-color-gray-7)",
      };
  // the text of light variants (alerts, badges) on their tinted background: Mantine's shade 6
  // falls under 4.5:1 for teal, green, orange and yellow; shade 9 passes for every colour
  // under the pointer a light button took shade 2, where that label falls under 4.5:1 (blue 4.0,
  // red 3.8: axe color-contrast with the pointer on one); it lightens to shade 0 instead (5.5, 5.1)
  for (const c of LIGHT_VARIANT_COLORS) {
    light[`--mantine-color-${c}-light-color`] = `var(--mantine-color-${c}-9)`;
    light[`--mantine-color-${c}-light-hover`] = `var(--mantine-color-${c}-0)`;
  }
  return () => ({ variables: {}, light, dark: {} });
}
