import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MantineProvider, Menu, Modal, MultiSelect, Popover, Select, Tooltip } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_PREFS } from "../lib/session.ts";
import { buildTheme } from "./theme.ts";

/**
 * Where the theme opens dropdowns (decision 0711): next to what opens them, so in its landmark or
 * dialog. Rendered with Mantine's own portals (not env="test", which renders everything in place
 * whatever the theme says).
 */
const withTheme = (ui: React.ReactNode) =>
  render(<MantineProvider theme={buildTheme(DEFAULT_PREFS)}>{ui}</MantineProvider>);

describe("the theme's dropdowns", () => {
  it("open inside the landmark of what opens them, and fixed to the screen", async () => {
    withTheme(
      <>
        <header>
          <Menu defaultOpened>
            <Menu.Target>
              <button type="button">User menu</button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item>Profile</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </header>
        <main>
          <Select label="Course" data={["Economics"]} defaultDropdownOpened />
          <MultiSelect label="Teams" data={["Debate Club"]} defaultDropdownOpened />
          <Popover defaultOpened>
            <Popover.Target>
              <button type="button">Calendar</button>
            </Popover.Target>
            <Popover.Dropdown>Days</Popover.Dropdown>
          </Popover>
          <Tooltip label="Explains" opened>
            <button type="button">Help</button>
          </Tooltip>
        </main>
      </>,
    );
    // where they are, not whether jsdom shows them (its boxes have no size: Mantine hides a
    // dropdown whose field it cannot place, display: none)
    const menu = await screen.findByRole("menu", { hidden: true });
    expect(menu.closest("header")).not.toBeNull();
    // no empty focus placeholder in the menu: its first item takes focus
    expect(menu.querySelector("[role=presentation][tabindex]")).toBeNull();
    for (const name of ["Course", "Teams"]) {
      const listbox = await screen.findByRole("listbox", { name, hidden: true });
      expect(listbox.closest("main"), name).not.toBeNull();
      // a long list scrolls in the listbox, not in a ScrollArea inside it
      expect(listbox.style.overflowY, name).toBe("auto");
      expect(listbox.querySelector(".mantine-ScrollArea-viewport"), name).toBeNull();
    }
    expect((await screen.findByText("Days")).closest("main")).not.toBeNull();
    const tooltip = await screen.findByRole("tooltip", { hidden: true });
    expect(tooltip.closest("main")).not.toBeNull();
    expect(tooltip.dataset.fixed).toBe("true");
    expect(menu.closest("[data-position]")?.getAttribute("data-fixed")).toBe("true");
    // nothing went to a portal at the end of <body>
    expect(document.querySelector("[data-portal]")).toBeNull();
  });

  it("open inside the dialog of a field in a dialog", async () => {
    withTheme(
      <Modal opened onClose={() => {}} title="Add to a course">
        <Select label="Course" data={["Economics"]} defaultDropdownOpened />
      </Modal>,
    );
    const listbox = await screen.findByRole("listbox", { name: "Course", hidden: true });
    expect(listbox.closest("[role=dialog]")).toBe(await screen.findByRole("dialog", { name: "Add to a course" }));
  });
});

/** Every source file under apps/web/src, but this one. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !path.endsWith("theme-dropdowns.test.tsx") ? [path] : [];
  });
}

it("no component puts its dropdown back in a portal: the theme decides, in one place", () => {
  const src = join(import.meta.dirname, "..");
  const opting = sources(src)
    .filter((path) => !path.endsWith(join("app", "theme.ts")))
    .filter((path) => /\bwithinPortal\b|\bportalProps\b/.test(readFileSync(path, "utf8")));
  expect(opting).toEqual([]);
});
