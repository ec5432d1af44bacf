import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { cssVariables } from "./theme.ts";

/** A `var(--mantine-color-<name>-<shade>)` of the theme's palette, as its hex colour. */
function shade(value: string | undefined): string {
  const m = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value ?? "");
  if (!m) throw new Error(`not a palette colour: ${value}`);
  return DEFAULT_THEME.colors[m[1] as string]?.[Number(m[2])] as string;
}

/** WCAG 2's contrast ratio of two hex colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
    return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (bl as number);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("light buttons", () => {
  // the colours the app's light buttons use: the primary blue, and red for a removal
  for (const color of ["blue", "red"]) {
    for (const prefs of [
      { higher_contrast: false, a11y_mode: false },
      { higher_contrast: true, a11y_mode: false },
    ]) {
      it(`${color}${prefs.higher_contrast ? " (higher contrast)" : ""}: the label reads at 4.5:1 at rest and under the pointer`, () => {
        const vars = cssVariables(prefs)(DEFAULT_THEME).light;
        const label = shade(vars[`--mantine-color-${color}-light-color`]);
        // at rest Mantine's light background is shade 1; under the pointer the theme's hover colour
        expect(contrast(label, DEFAULT_THEME.colors[color]?.[1] as string)).toBeGreaterThanOrEqual(4.5);
        // unset, it is Mantine's own: shade 2
        const hover = vars[`--mantine-color-${color}-light-hover`] ?? `var(--mantine-color-${color}-2)`;
        expect(contrast(label, shade(hover))).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});

describe("placeholders", () => {
  // a placeholder is text: where it is an element (the file box's), axe weighs it like any other
  for (const higher_contrast of [false, true]) {
    it(`read at 4.5:1 on white${higher_contrast ? " (higher contrast)" : ""}`, () => {
      const vars = cssVariables({ higher_contrast, a11y_mode: false })(DEFAULT_THEME).light;
      expect(contrast(shade(vars["--mantine-color-placeholder"]), "#ffffff")).toBeGreaterThanOrEqual(4.5);
    });
  }
});
