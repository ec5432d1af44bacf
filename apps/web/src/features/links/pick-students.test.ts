import { describe, expect, it } from "vitest";
import { addButtonText, pickedText, pickLabel, studentsWord, togglePicked } from "./pick-students.ts";

const ada = { id: 1, first_name: "Ada", last_name: "Lovelace", email: null, school_identifier: null };

describe("the student picker", () => {
  it("counts students", () => {
    expect(studentsWord(1)).toBe("1 student");
    expect(studentsWord(3)).toBe("3 students");
    expect(studentsWord(3, true)).toBe("3 students");
  });
  it("labels a found student with what is known", () => {
    expect(pickLabel(ada)).toBe("Ada Lovelace");
    expect(pickLabel({ ...ada, email: "ada@school.test" })).toBe("Ada Lovelace (ada@school.test)");
    expect(pickLabel({ ...ada, school_identifier: "S1", email: "ada@school.test" })).toBe(
      "Ada Lovelace · S1 (ada@school.test)",
    );
    expect(pickLabel({ ...ada, preferred_name: "Addie" })).toBe("Addie (Ada) Lovelace");
  });
  it("keeps the picked in the order ticked, without changing the one given", () => {
    const none = new Map<number, string>();
    const one = togglePicked(none, 2, "Bo", true);
    const two = togglePicked(one, 1, "Ada", true);
    expect(none.size).toBe(0);
    expect(pickedText(none)).toBe("No one picked yet.");
    expect(pickedText(two)).toBe("Picked: Bo, Ada");
    expect(pickedText(togglePicked(two, 2, "Bo", false))).toBe("Picked: Ada");
  });
  it("names the submit button by the count", () => {
    expect(addButtonText(0)).toBe("Add");
    expect(addButtonText(1)).toBe("Add 1 student");
    expect(addButtonText(2)).toBe("Add 2 students");
  });
});
