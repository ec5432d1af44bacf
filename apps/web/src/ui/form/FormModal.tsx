import { Modal, type ModalProps } from "@mantine/core";
import { useEffect, useMemo, useRef } from "react";
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
 * Gives focus back to what opened the dialog once the dialog has gone, whatever closed it (Escape,
 * Cancel, a save, a discard), unless focus has moved out of the dialog to something still on the
 * page (a user's click, a new dialog). Mantine's own return is off for these dialogs: it reads
 * "what opened me" in an effect that races the focus trap's first move, so under load it noted a
 * field inside the dialog and gave focus back to it as it went, and focus fell to <body>; after a
 * discard the question gave focus back to a field of the closing dialog (decision 0581).
 */
function giveFocusBack(opener: Element | null, dialogRoot: HTMLElement | null) {
  if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
  const active = document.activeElement;
  const lost = active === null || active === document.body || !active.isConnected;
  if (lost || dialogRoot?.contains(active)) opener.focus({ preventScroll: true });
}

/**
 * Mantine's Modal for a dialog that holds a form. Closing it by Escape, its close button or a
 * click outside asks "Discard changes?" first while a form inside holds unsaved edits (each
 * reports them through useUnsavedChanges), and closes at once when none does. A close the
 * dialog's own code makes (Cancel, a save) is not asked about. Names its close button for
 * screen readers and keeps its title bar out of the landmarks, as every dialog of the app does.
 */
export function FormModal({ onClose, unsaved = null, children, onExitTransitionEnd, ...props }: FormModalProps) {
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
  // what had focus when the dialog opened, read while rendering it open: before its focus trap
  // moves focus inside, which no effect can promise
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (props.opened && !wasOpen.current) opener.current = document.activeElement;
  wasOpen.current = props.opened;
  const root = useRef<HTMLDivElement>(null);
  const exited = () => {
    giveFocusBack(opener.current, root.current);
    onExitTransitionEnd?.();
  };
  // without transitions (Mantine's test environment) the content goes at once and no exit ends
  useEffect(() => {
    if (!props.opened && !root.current?.querySelector("[role=dialog]")) giveFocusBack(opener.current, root.current);
  }, [props.opened]);
  // a dialog its page stops rendering takes its content with it: give focus back once it has gone
  useEffect(
    () => () => {
      if (wasOpen.current) setTimeout(() => giveFocusBack(opener.current, null));
    },
    [],
  );
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
          // focus is on the question's Discard, whose dialog is still closing: let it go now, so the
          // return below sees focus on nothing (a page that stops rendering this dialog gives it
          // back at once, while the question would still hold it) and the question's own return,
          // seeing focus moved, leaves it alone
          if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
          closeRef.current();
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
      <Modal
        closeButtonProps={{ "aria-label": "Close" }}
        attributes={MODAL_ATTRIBUTES}
        {...props}
        ref={root}
        returnFocus={false}
        onExitTransitionEnd={exited}
        onClose={close}
      >
        {children}
      </Modal>
    </DialogEditsContext.Provider>
  );
}
