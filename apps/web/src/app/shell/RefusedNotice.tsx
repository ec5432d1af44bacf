import { Alert } from "@mantine/core";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { refusedArea, refusedPage, refusedText } from "../refused.ts";

/**
 * Says why the user is on the Dashboard after opening a page their role may not (spec: such a
 * role is sent to the dashboard; it gave no reason). The status region is on every page, empty,
 * and filled once the redirect has arrived, so a screen reader announces it; it goes with the
 * next navigation (the reason is kept in that history entry's state).
 */
export function RefusedNotice() {
  const { state } = useLocation();
  const area = refusedArea(state);
  const page = refusedPage(state);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => setText(area ? refusedText(area, page) : null), [area, page]);
  return (
    <div role="status">
      {text && (
        // a note in the status region: Mantine's own role (alert) would interrupt
        <Alert role="note" color="yellow" variant="light" mb="md">
          {text}
        </Alert>
      )}
    </div>
  );
}
