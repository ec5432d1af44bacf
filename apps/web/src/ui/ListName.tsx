import { type NameParts, personName } from "./person-name.ts";

/**
 * A person's name in a list sorted by last name: as staff call them ("Alex (Alexander) Smith"),
 * with the last name in bold and the rest in regular weight, so the order the list is in shows at a glance (stop 31's QA: names
 * read first-name first "looked unsorted"). The text, and so a link's accessible name, is
 * personName's: the bold is only a look.
 */
export function ListName({ person }: { person: NameParts }) {
  const given = personName({ ...person, last_name: "" });
  const last = person.last_name.trim();
  if (!last) return <>{given}</>;
  // a list's name is a link, and links in the grid are bold already: the given name is set in
  // regular weight so the last name stands out
  return (
    <>
      {given ? <span style={{ fontWeight: 400 }}>{`${given} `}</span> : null}
      <b>{last}</b>
    </>
  );
}
