import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ListName } from "./ListName.tsx";
import { personName } from "./person-name.ts";

const shown = (person: Parameters<typeof personName>[0]) => {
  const { container, unmount } = render(
    <a href="/x">
      <ListName person={person} />
    </a>,
  );
  const out = {
    text: container.textContent,
    bold: [...container.querySelectorAll("b")].map((b) => b.textContent),
    // the rest in regular weight: the grid's links are bold, and the last name must stand out there
    regular: [...container.querySelectorAll("span")]
      .filter((s) => s.style.fontWeight === "400")
      .map((s) => s.textContent),
  };
  unmount();
  return out;
};

describe("ListName", () => {
  it("reads as personName, with the last name (the list's order) in bold", () => {
    for (const person of [
      { first_name: "Ada", last_name: "Lovelace" },
      { first_name: "Alexander", last_name: "Smith", preferred_name: "Alex" },
      { first_name: "Émile", last_name: "de la Cruz", preferred_name: "émile" },
    ]) {
      const text = personName(person);
      expect(shown(person), person.first_name).toEqual({
        text,
        bold: [person.last_name],
        regular: [text.slice(0, -person.last_name.length)],
      });
    }
  });

  it("an empty last name leaves nothing in bold", () => {
    expect(shown({ first_name: "Cher", last_name: " " })).toEqual({ text: "Cher", bold: [], regular: [] });
  });
});
