/**
 * The place where the push client mounts, once, inside the signed-in shell.
 * When apps/web/src/lib/push.ts (another engineer's) exports `usePush()`, this becomes:
 *   import { usePush } from "../../lib/push.ts";
 *   export function PushSlot() { usePush(); return null; }
 */
export function PushSlot() {
  return null;
}
