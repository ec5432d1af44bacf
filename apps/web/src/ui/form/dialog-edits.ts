import { createContext } from "react";

/**
 * Where a form inside a <FormModal> reports its unsaved edits (useUnsavedChanges does it): `set(id,
 * what)` while it holds some, `set(id, null)` once it does not. Null outside a dialog.
 */
export interface DialogEdits {
  set(id: string, what: string | null): void;
}

export const DialogEditsContext = createContext<DialogEdits | null>(null);
