import { Button, MantineProvider } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../test/render.tsx";
import { buildTheme } from "../app/theme.ts";
import { TeamForm } from "../features/teams/TeamForm.tsx";
import { EMPTY_TEAM_FORM } from "../features/teams/team-form.ts";
import { DEFAULT_PREFS } from "../lib/session.ts";

/** With the app's theme, whose Button renders ButtonRoot. */
const withTheme = (ui: React.ReactNode) =>
  renderUi(
    <MantineProvider theme={buildTheme(DEFAULT_PREFS)} env="test">
      {ui}
    </MantineProvider>,
  );

describe("a busy button (the theme's ButtonRoot)", () => {
  it("keeps focus through a form's save, says it is working (not unavailable), and takes no second submit", async () => {
    const user = userEvent.setup();
    let done = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    withTheme(
      <TeamForm initial={EMPTY_TEAM_FORM} submitLabel="Create" onSubmit={save} onCancel={() => {}} label="New team" />,
    );
    await user.type(screen.getByLabelText("Name"), "Chess");
    const create = screen.getByRole("button", { name: "Create" });
    create.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(create.getAttribute("aria-busy")).toBe("true"));
    // busy, not unavailable (decision 0585): its name says so, aria-disabled is not set, and the
    // polite live region says it too, since the focused button's own name change may go unread
    expect(screen.getByRole("button", { name: "Create working…" })).toBe(create);
    expect(create.hasAttribute("aria-disabled")).toBe(false);
    await waitFor(() => expect(document.getElementById("rollbook-announcer")?.textContent).toBe("working…"));
    expect((create as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(create);

    // neither the button nor Enter in a field submits again while it saves
    await user.keyboard("{Enter}");
    await user.type(screen.getByLabelText("Name"), "{Enter}");
    expect(save).toHaveBeenCalledTimes(1);

    create.focus();
    done();
    await waitFor(() => expect(create.hasAttribute("aria-busy")).toBe(false));
    expect(screen.getByRole("button", { name: "Create" })).toBe(create);
    expect(document.activeElement).toBe(create);
  });

  it("leaves a button disabled on purpose disabled, and a plain one a plain button", async () => {
    const onClick = vi.fn();
    withTheme(
      <>
        <Button disabled>Off</Button>
        <Button onClick={onClick}>On</Button>
      </>,
    );
    const off = screen.getByRole("button", { name: "Off" }) as HTMLButtonElement;
    expect(off.disabled).toBe(true);
    const on = screen.getByRole("button", { name: "On" });
    // not a submit button by default: Mantine's own element is type=button
    expect(on.getAttribute("type")).toBe("button");
    await userEvent.setup().click(on);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
