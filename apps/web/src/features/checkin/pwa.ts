/**
 * Makes /CheckIn an installable app: links the manifest (only on these pages, so the staff app
 * is not offered for install), registers the service worker that keeps the app shell for an
 * offline start, and remembers the browser's install prompt for an "Install app" button.
 */
import { useEffect, useState } from "react";

export const SW_URL = "/checkin-sw.js";
export const SW_SCOPE = "/CheckIn";

function addHeadLink(rel: string, href: string, extra: Record<string, string> = {}) {
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  for (const [k, v] of Object.entries(extra)) link.setAttribute(k, v);
  link.dataset.checkin = "true";
  document.head.appendChild(link);
  return link;
}

/** The same-origin built assets this page has loaded (entry, lazy chunks, styles). */
function loadedAssets(): string[] {
  const urls = performance
    .getEntriesByType("resource")
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${location.origin}/assets/`));
  return [...new Set(urls)];
}

async function registerWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: "cache-assets", urls: loadedAssets() });
  } catch {
    // no offline start on this browser; everything else works
  }
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferredPrompt: InstallPromptEvent | null = null;

/** Installs the PWA parts for as long as the check-in app is shown; returns the install action. */
export function usePwa(): { install: (() => Promise<void>) | null } {
  const [canInstall, setCanInstall] = useState(deferredPrompt !== null);
  useEffect(() => {
    const previousTitle = document.title;
    document.title = "Rollbook Check-in";
    const links = [
      addHeadLink("manifest", "/manifest.webmanifest"),
      addHeadLink("apple-touch-icon", "/icons/apple-touch-icon.png"),
      addHeadLink("icon", "/icons/favicon-32.png", { type: "image/png", sizes: "32x32" }),
    ];
    const onPrompt = (e: Event) => {
      e.preventDefault();
      deferredPrompt = e as InstallPromptEvent;
      setCanInstall(true);
    };
    const onInstalled = () => {
      deferredPrompt = null;
      setCanInstall(false);
    };
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    void registerWorker();
    return () => {
      document.title = previousTitle;
      for (const l of links) l.remove();
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);
  const install = async () => {
    const p = deferredPrompt;
    if (!p) return;
    deferredPrompt = null;
    setCanInstall(false);
    await p.prompt();
  };
  return { install: canInstall ? install : null };
}
