import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../test/render.tsx";
import { confirm, isDeclined } from "./confirm.tsx";

async function ask() {
  renderUi(null);
  const answer = confirm({ title: "Remove tile", message: "Remove it from your dashboard?" }).then(
    () => "yes",
    (err) => (isDeclined(err) ? "no" : "error"),
  );
  const dialog = await screen.findByRole("dialog", { name: "Remove tile" });
  return { answer, dialog };
}

describe("confirm", () => {
  it("resolves on Yes", async () => {
    const { answer } = await ask();
    await userEvent.click(screen.getByRole("button", { name: "Yes" }));
    expect(await answer).toBe("yes");
  });

  it("rejects on No", async () => {
    const { answer } = await ask();
    await userEvent.click(screen.getByRole("button", { name: "No" }));
    expect(await answer).toBe("no");
  });

  it("rejects when closed with Escape, and the dialog goes away", async () => {
    const { answer } = await ask();
    await userEvent.keyboard("{Escape}");
    expect(await answer).toBe("no");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
