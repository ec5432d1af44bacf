import { type RefObject, useCallback, useEffect, useState } from "react";

/**
 * The Fullscreen API over one element (a projector view): whether it is shown full screen now,
 * whether the browser can, and a toggle. Esc (the browser's own) leaves it; the state follows.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  const supported = typeof document !== "undefined" && document.fullscreenEnabled === true;
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [ref]);
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await ref.current?.requestFullscreen();
    } catch {
      // refused (no user gesture, an iframe without permission): the page stays as it is
    }
  }, [ref]);
  return { active, supported, toggle };
}
