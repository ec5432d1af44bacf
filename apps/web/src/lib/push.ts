/**
 * The push channel in the signed-in shell: `usePush()` keeps this browser
 * subscribed to the user's private channel and refetches what a message
 * concerns (see push-invalidate.ts for which query keys, push-tabs.ts for the
 * one socket shared by all tabs, push-socket.ts for reconnects).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ME_KEY, useMeQuery } from "./me.ts";
import { PushInvalidator } from "./push-invalidate.ts";
import { startPushFeed } from "./push-tabs.ts";
import { getToken, useSession } from "./session.ts";

export function usePush(): void {
  const { token } = useSession();
  const userId = useMeQuery().data?.id;
  const client = useQueryClient();

  useEffect(() => {
    if (!token || userId === undefined) return;
    const invalidator = new PushInvalidator(client);
    const stop = startPushFeed({
      scope: String(userId),
      getToken,
      push: (event) => invalidator.event(event),
      resync: () => invalidator.all(),
      // the token was refused: reloading `me` answers 401 if the session is over, which signs out
      unauthorized: () => void client.invalidateQueries({ queryKey: ME_KEY }),
    });
    return () => {
      stop();
      invalidator.dispose();
    };
  }, [token, userId, client]);
}
