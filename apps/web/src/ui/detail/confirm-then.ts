import { type ConfirmOptions, confirm, isDeclined } from "../confirm.tsx";
import { notify } from "../notify.tsx";

/**
 * The pattern of a detail page's action: ask (Yes/No), run, tell. Resolves true when it ran,
 * false when declined or refused (the refusal's message is shown as a toast).
 */
export async function confirmThen(
  question: ConfirmOptions,
  action: () => Promise<unknown>,
  done: string,
): Promise<boolean> {
  try {
    await confirm(question);
  } catch (err) {
    if (isDeclined(err)) return false;
    throw err;
  }
  try {
    await action();
    notify.success(done);
    return true;
  } catch (err) {
    notify.error(err instanceof Error ? err.message : String(err));
    return false;
  }
}
