import { CloseButton, TextInput, type TextInputProps } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { INPUT_DEBOUNCE_MS } from "@rollbook/domain";
import { useEffect, useRef, useState } from "react";

export interface SearchInputProps extends Omit<TextInputProps, "value" | "onChange" | "defaultValue"> {
  /** The committed value (e.g. from the URL); the field follows it when it changes from outside. */
  value: string;
  /** Called INPUT_DEBOUNCE_MS (100 ms) after the last keystroke, and at once on Enter or clear. */
  onChange: (value: string) => void;
  label: string;
  delay?: number;
}

/**
 * A labelled search field that reports what was typed after a 100 ms pause, so a list is not
 * refetched per keystroke; a clear button empties it.
 */
export function SearchInput({ value, onChange, label, delay = INPUT_DEBOUNCE_MS, ...props }: SearchInputProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const report = useDebouncedCallback((next: string) => {
    committed.current = next;
    onChange(next);
  }, delay);

  // the URL changed without us (back button, a link): show it
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  const now = (next: string) => {
    report.cancel();
    committed.current = next;
    onChange(next);
  };

  return (
    <TextInput
      type="search"
      label={label}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") now(text);
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => {
              setText("");
              now("");
            }}
          />
        ) : undefined
      }
      {...props}
    />
  );
}
