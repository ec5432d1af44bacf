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

/** A label without its " #n": what a CSV row shows of it. */
export const withoutId = (l: string) => l.replace(/ #\d+$/, "");

/** The labels of PEOPLE's places (from 1), in the order given. */
export const order = (...n: number[]) => n.map((k) => label(k - 1));

/**
 * The titles of the title-order tests (decision 0614): names of things (classes, events, teams,
 * locations, beacons) that bytes put after "Z" (accented or lower-case initials) or that a `lower()`
 * tie left to the id ("art", "Art"); two are equal (the id breaks the tie). Each ends in " 0614",
 * a word a search finds them all by. Inserted in this order, so their ids increase.
 */
export const TITLES = ["Zoology", "Économie", "art", "Biology", "Art", "Ñandú", "Nash", "Öko", "Zoology", "Émile"].map(
  (title) => `${title} 0614`,
);

/** a title as the expectations name it: "Title #n", n its place in TITLES (from 1) */
export const titleLabel = (i: number) => `${TITLES[i]!} #${i + 1}`;

/** The labels of TITLES' places (from 1), in the order given. */
export const titleOrder = (...n: number[]) => n.map((k) => titleLabel(k - 1));

/** TITLES in the names' order, each way: the title in the direction asked, then the id ascending. */
export const TITLES_EXPECTED = {
  asc: titleOrder(3, 5, 4, 2, 10, 6, 7, 8, 1, 9),
  desc: titleOrder(1, 9, 8, 7, 6, 10, 2, 4, 5, 3),
};

/**
 * Every page of a paged call, `per` rows at a time, up to `most` pages: the rows in order. A page
 * shorter than `per` is the last, so a fixture's order is checked across page breaks too.
 */
export async function everyPage<T>(per: number, most: number, page: (n: number) => Promise<T[]>): Promise<T[]> {
  const seen: T[] = [];
  for (let n = 1; n <= most; n++) {
    const rows = await page(n);
    seen.push(...rows);
    if (rows.length < per) break;
  }
  return seen;
}
