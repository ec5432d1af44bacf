/**
 * The running check-in of a signed-in phone: the ping queue and its sender, and the location
 * tracker feeding it. Created when the home screen mounts, stopped when it unmounts.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { deviceClock } from "./clock-offset.ts";
import { LocationTracker, type TrackerState } from "./location-tracker.ts";
import { type OutboxState, PingOutbox } from "./ping-outbox.ts";
import { openPingQueue } from "./ping-queue.ts";

const IDLE_OUTBOX: OutboxState = {
  waiting: 0,
  sending: false,
  online: true,
  lastSentAt: null,
  retryAt: null,
  error: null,
};
const IDLE_TRACKER: TrackerState = {
  permission: "unknown",
  watching: false,
  lastFix: null,
  lastPingAt: null,
  error: null,
};
const noop = () => () => {};

export interface CheckInHandles {
  outbox: OutboxState;
  tracker: TrackerState;
  /** ask for location (the browser prompts) and start following it */
  shareLocation(): void;
  /** try sending the queue now */
  sendNow(): void;
  /** bumped after every acknowledged batch: the schedule reloads on it */
  sentCount: number;
}

export function useCheckIn(token: string, onUnauthorized: () => void): CheckInHandles {
  const [parts, setParts] = useState<{ outbox: PingOutbox; tracker: LocationTracker } | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const unauthorized = useRef(onUnauthorized);
  unauthorized.current = onUnauthorized;

  useEffect(() => {
    let cancelled = false;
    let made: { outbox: PingOutbox; tracker: LocationTracker } | null = null;
    void openPingQueue().then((queue) => {
      if (cancelled) return;
      const outbox = new PingOutbox(token, queue, {
        onUnauthorized: () => unauthorized.current(),
        onSent: () => setSentCount((n) => n + 1),
      });
      const tracker = new LocationTracker(
        (ping) => void outbox.add(ping),
        () => deviceClock.offset,
      );
      made = { outbox, tracker };
      outbox.start();
      void tracker.init();
      setParts(made);
    });
    return () => {
      cancelled = true;
      made?.tracker.dispose();
      made?.outbox.stop();
      setParts(null);
    };
  }, [token]);

  const outbox = useSyncExternalStore(parts?.outbox.subscribe ?? noop, parts?.outbox.getState ?? (() => IDLE_OUTBOX));
  const tracker = useSyncExternalStore(
    parts?.tracker.subscribe ?? noop,
    parts?.tracker.getState ?? (() => IDLE_TRACKER),
  );
  return {
    outbox,
    tracker,
    shareLocation: () => parts?.tracker.start(),
    sendNow: () => void parts?.outbox.flush(),
    sentCount,
  };
}
