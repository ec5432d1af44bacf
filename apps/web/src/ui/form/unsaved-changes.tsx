/**
 * Unsaved edits are not thrown away without a word. A form that holds edits not saved yet says so
 * with `useUnsavedChanges(dirty, what)`; then
 * - a navigation inside the app that would unmount it (a link, the sidebar, Back, or a tab of
 *   the page: UrlTabs keeps the tab in the URL and shows only the open tab's panel) waits for the
 *   user's answer in a dialog, asked by the one <UnsavedChangesGuard /> the signed-in shell
 *   mounts (React Router's useBlocker: a router takes a single blocker, so the forms of a page
 *   report to this guard instead of each holding its own);
 * - leaving the app (reload, closing the tab, another address) gets the browser's own question;
 * - inside a dialog (<FormModal>), closing it (Escape, its close button, a click outside) asks
 *   "Discard changes?" first.
 */
import { useContext, useEffect, useId, useRef } from "react";
import { type BlockerFunction, type Location, useBlocker } from "react-router";
import { confirm } from "../confirm.tsx";
import { DialogEditsContext } from "./dialog-edits.ts";

/** What each form with unsaved edits holds ("the school's settings"), by the hook's id. */
const dirtyForms = new Map<string, string>();

function askBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // older browsers ask only when returnValue is set
  event.returnValue = "";
}

function setDirty(id: string, what: string | null) {
  const before = dirtyForms.size;
  if (what === null) dirtyForms.delete(id);
  else dirtyForms.set(id, what);
  if (before === 0 && dirtyForms.size > 0) window.addEventListener("beforeunload", askBeforeUnload);
  if (before > 0 && dirtyForms.size === 0) window.removeEventListener("beforeunload", askBeforeUnload);
}

/** What the forms with unsaved edits hold, in the order they were changed. */
export const unsavedForms = (): string[] => [...new Set(dirtyForms.values())];

/**
 * Navigation state that leaves without asking, for a page that goes away on purpose after an
 * action that makes its edits moot (a removed record): `navigate(to, { state: DISCARD_UNSAVED })`.
 */
export const DISCARD_UNSAVED = { discardUnsaved: true } as const;

/**
 * Marks a form as holding unsaved edits while `dirty` is true (and it is mounted). `what` names
 * them in the question: "the school's settings", "this user's information". In a <FormModal>
 * the dialog is told too.
 */
export function useUnsavedChanges(dirty: boolean, what: string) {
  const id = useId();
  const dialog = useContext(DialogEditsContext);
  useEffect(() => {
    if (!dirty) return;
    setDirty(id, what);
    dialog?.set(id, what);
    return () => {
      setDirty(id, null);
      dialog?.set(id, null);
    };
  }, [id, dirty, what, dialog]);
}

/** A move that replaces what is shown: another path or other search parameters (a tab), not a #fragment. */
export function leavesPage(current: Location, next: Location): boolean {
  if ((next.state as { discardUnsaved?: boolean } | null)?.discardUnsaved) return false;
  return current.pathname !== next.pathname || current.search !== next.search;
}

const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
  dirtyForms.size > 0 && leavesPage(currentLocation, nextLocation);

/** "a, b and c" */
export const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * The question asked when the user leaves with unsaved edits. Mount once, inside the data router
 * and the modals' provider (the signed-in shell does).
 */
export function UnsavedChangesGuard() {
  const blocker = useBlocker(shouldBlock);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== "blocked" || asking.current) return;
    asking.current = true;
    const forms = unsavedForms();
    confirm({
      title: "Unsaved changes",
      message: `Your changes to ${listed(forms.length ? forms : ["this page"])} are not saved. Leave and lose them?`,
      danger: true,
      labels: { confirm: "Leave without saving", cancel: "Stay" },
    })
      .then(
        () => blocker.proceed(),
        () => blocker.reset(),
      )
      .finally(() => {
        asking.current = false;
      });
  }, [blocker]);
  return null;
}
