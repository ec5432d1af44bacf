import { Modal, type ModalProps } from "@mantine/core";
import { useMemo, useRef } from "react";
import { confirm, MODAL_ATTRIBUTES } from "../confirm.tsx";
import { type DialogEdits, DialogEditsContext } from "./dialog-edits.ts";
import { listed, useUnsavedChanges } from "./unsaved-changes.tsx";

export interface FormModalProps extends ModalProps {
  /**
   * What the dialog's own state holds unsaved ("the new status"), or null: for a dialog whose
   * values are kept beside it rather than in a form inside it. A form inside reports its edits
   * itself (useUnsavedChanges, or useRecordForm's `unsaved`).
   */
  unsaved?: string | null;
}

/**
 * Asks before edits are thrown away. Resolves when the user discards them; rejects when they keep
 * editing (the button, Escape or a click outside the question). Focus starts on Keep editing.
 */
export const askDiscard = (what: readonly string[]) =>
  confirm({
    title: "Discard changes?",
    message: `Your changes to ${listed(what)} are not saved. Discard them?`,
    danger: true,
    labels: { confirm: "Discard", cancel: "Keep editing" },
    focusCancel: true,
  });

/**
 * After a discard, focus goes back to what opened the dialog. Mantine's own return does not:
 * the question's dialog gives focus back to the field inside the closing form dialog, the form
 * dialog then sees focus on that field (not on nothing) and leaves it there, and the field goes
 * with the dialog: focus fell to <body> (decision 0581). Like rescueFocusFrom (decision 0582),
 * it waits until focus is on nothing, and leaves it where a user has moved it.
 */
function returnFocusTo(target: Element | null) {
  if (!(target instanceof HTMLElement)) return;
  const started = Date.now();
  const look = () => {
    const active = document.activeElement;
    if (!target.isConnected) return;
    if (active === null || active === document.body || !active.isConnected) {
      target.focus({ preventScroll: true });
      return;
    }
    // somewhere outside every dialog: the user (or the page) moved it; leave it there
    if (!active.closest("[role=dialog]") || Date.now() - started > 5000) return;
    setTimeout(look, 50);
  };
  setTimeout(look, 50);
}

/**
 * Mantine's Modal for a dialog that holds a form. Closing it by Escape, its close button or a
 * click outside asks "Discard changes?" first while a form inside holds unsaved edits (each
 * reports them through useUnsavedChanges), and closes at once when none does. A close the
 * dialog's own code makes (Cancel, a save) is not asked about. Names its close button for
 * screen readers and keeps its title bar out of the landmarks, as every dialog of the app does.
 */
export function FormModal({ onClose, unsaved = null, children, ...props }: FormModalProps) {
  const edits = useRef(new Map<string, string>());
  const asking = useRef(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const report = useMemo<DialogEdits>(
    () => ({
      set(id, what) {
        if (what === null) edits.current.delete(id);
        else edits.current.set(id, what);
      },
    }),
    [],
  );
  // what had focus when the dialog opened (read while rendering it open, before its focus trap
  // moves focus inside): a discard gives focus back to it
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (props.opened && !wasOpen.current) opener.current = document.activeElement;
  wasOpen.current = props.opened;
  // the dialog's own state counts for leaving the page too
  useUnsavedChanges(props.opened && unsaved !== null, unsaved ?? "");

  const close = () => {
    // Escape reaches this dialog too while the question is up: one question at a time
    if (asking.current) return;
    const what = [...new Set([...edits.current.values(), ...(unsaved === null ? [] : [unsaved])])];
    if (what.length === 0) return closeRef.current();
    asking.current = true;
    askDiscard(what)
      .then(
        () => {
          const back = opener.current;
          closeRef.current();
          returnFocusTo(back);
        },
        () => {},
      )
      // after the keydown or click that answered has reached every dialog's listener
      .finally(() =>
        setTimeout(() => {
          asking.current = false;
        }),
      );
  };

  return (
    <DialogEditsContext.Provider value={report}>
      <Modal closeButtonProps={{ "aria-label": "Close" }} attributes={MODAL_ATTRIBUTES} {...props} onClose={close}>
        {children}
      </Modal>
    </DialogEditsContext.Provider>
  );
}
