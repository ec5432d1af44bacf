import { Fragment } from "react";

/**
 * An e-mail address that wraps where a reader expects it to (after the "@", before a "."), not
 * mid-word: a browser finds no break in "ada.lovelace@students.example.edu", so a narrow column
 * with overflow-wrap: anywhere cut it at any letter. The breaks are <wbr>: nothing on screen
 * until a line ends there, and nothing to a screen reader, which reads the address as one word.
 * overflow-wrap stays the last resort, for a single part too long for its column.
 */
export function EmailAddress({ address }: { address: string }) {
  // "ada.lovelace@school.edu" -> ["ada", ".lovelace@", "school", ".edu"]: a break after each part,
  // each keyed by where it starts in the address
  let at = 0;
  const parts = address
    .split(/(?<=@)|(?=\.)/)
    .filter(Boolean)
    .map((text) => {
      const part = { text, at };
      at += text.length;
      return part;
    });
  return (
    <>
      {parts.map((part) => (
        <Fragment key={part.at}>
          {part.at > 0 && <wbr />}
          {part.text}
        </Fragment>
      ))}
    </>
  );
}
