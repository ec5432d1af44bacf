import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi } from "../../../../test/render.tsx";
import type { PickOption } from "./options.ts";
import { RelationPicker } from "./RelationPicker.tsx";

const team = (id: number, name: string) => ({ id, uuid: `00000000-0000-4000-8000-00000000000${id}`, name });
const TEAMS = [team(1, "Alpha"), team(2, "Beta"), team(3, "Alphorn"), team(4, "Gamma")];

/** The teams list as the server answers it; an answer to a search waits until the test lets it go. */
function heldServer() {
  const held: (() => void)[] = [];
  const answer = (q: string) => ({ teams: { data: TEAMS.filter((t) => t.name.toLowerCase().includes(q)) } });
  stubGraphql({
    teamOptions: (variables) => {
      const q = String(variables.query ?? "").toLowerCase();
      return q ? new Promise((resolve) => held.push(() => resolve(answer(q)))) : answer(q);
    },
  });
  return () => {
    for (const go of held.splice(0)) go();
  };
}

function Picker() {
  const [picked, setPicked] = useState<PickOption | null>(null);
  return (
    <>
      <RelationPicker kind="team" value={picked?.value ?? null} onChange={setPicked} />
      <output data-testid="picked">{picked?.label ?? ""}</output>
    </>
  );
}

const input = () => screen.getByRole("combobox", { name: "Team" });
const shown = () => screen.queryAllByRole("option").map((o) => o.textContent);
const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

/**
 * Until the server answers what was typed, the list shows the earlier answer narrowed to the
 * text: when the answer lands, the rows under a pressed pointer stay where they were (an e2e
 * press on a row of the full list was released on another row of the answer, and nothing was picked).
 */
describe("RelationPicker while a search is on its way", () => {
  it("narrows the earlier answer to the text, then shows the server's answer as it is", async () => {
    const release = heldServer();
    renderUi(<Picker />);
    input().focus();
    fireEvent.click(input());
    await screen.findByRole("option", { name: "Gamma" });
    expect(shown()).toEqual(["Alpha", "Beta", "Alphorn", "Gamma"]);

    fireEvent.change(input(), { target: { value: "alph" } });
    // the pause after typing, then the search held: the same rows, in the same order, all along
    expect(shown()).toEqual(["Alpha", "Alphorn"]);
    await wait(300);
    expect(shown()).toEqual(["Alpha", "Alphorn"]);
    release();
    await wait(100);
    expect(shown()).toEqual(["Alpha", "Alphorn"]);

    // a pick closes the list and is kept
    fireEvent.click(screen.getByRole("option", { name: "Alphorn" }));
    expect(screen.getByTestId("picked").textContent).toBe("Alphorn");
    await wait(300);
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});
