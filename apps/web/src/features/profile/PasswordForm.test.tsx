import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { PasswordForm } from "./PasswordForm.tsx";

/** The server answers every call with this GraphQL payload. */
function answer(payload: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(payload), { status: 200 }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Current password"), "old-secret");
  await user.type(screen.getByLabelText("New password"), "new-secret");
  await user.type(screen.getByLabelText("Repeat the new password"), "new-secret");
  await user.click(screen.getByRole("button", { name: "Change password" }));
}

describe("PasswordForm (a record form that keeps the server's own words)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts the server's refusal on its field, the field's key read as its label", async () => {
    const user = userEvent.setup();
    answer({ errors: [{ message: "current_password is not correct", extensions: { field: "current_password" } }] });
    renderUi(<PasswordForm userId={4} />);
    await fill(user);
    expect(await screen.findByText("Current password is not correct")).toBeTruthy();
    expect(screen.queryByText(/current_password/)).toBeNull();
  });

  it("keeps a refusal that does not start with the field's key as the server wrote it", async () => {
    const user = userEvent.setup();
    const message = "That password was found in a breach: choose another";
    answer({ errors: [{ message, extensions: { field: "new_password" } }] });
    renderUi(<PasswordForm userId={4} />);
    await fill(user);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("sends the passwords, then empties the form and checks again only on the next submit", async () => {
    const user = userEvent.setup();
    const fetch = answer({ data: { updatePassword: true } });
    renderUi(<PasswordForm userId={4} />);
    await fill(user);
    await waitFor(() => expect(screen.getByLabelText("Current password")).toHaveProperty("value", ""));
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.variables).toEqual({ user_id: 4, current_password: "old-secret", new_password: "new-secret" });
    await user.type(screen.getByLabelText("Current password"), "x");
    expect(screen.queryByText("New password must be at least 8 characters")).toBeNull();
  });
});
