/**
 * The people of the name-order tests (decision 0612): accented and lower-case initials that bytes
 * put after "Z", inserted in this order so their ids increase; two share a last name (the first name
 * breaks the tie), two share both names (the id breaks it).
 */
export const PEOPLE = [
  ["Adams", "Zoë"],
  ["álvarez", "Óscar"],
  ["Nash", "Ana"],
  ["nuñez", "Émile"],
  ["Ñúñez", "Ángel"],
  ["Ñúñez", "Ana"],
  ["Young", "Bo"],
  ["Young", "Bo"],
  ["Zed", "Ömer"],
  ["Émile", "Zack"],
] as const;

/** a person as the expectations name them: "Last, First #n", n its place in PEOPLE (from 1) */
export const label = (i: number) => `${PEOPLE[i]![0]}, ${PEOPLE[i]![1]} #${i + 1}`;

/** The labels of PEOPLE's places (from 1), in the order given. */
export const order = (...n: number[]) => n.map((k) => label(k - 1));
