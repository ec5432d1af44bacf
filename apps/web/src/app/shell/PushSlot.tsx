import { usePush } from "../../lib/push.ts";

/** Keeps the push channel open while signed in; a message refetches what it concerns. */
export function PushSlot() {
  usePush();
  return null;
}
