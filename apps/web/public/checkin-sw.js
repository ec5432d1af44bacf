/*
 * Service worker of the students' check-in app (scope /CheckIn): keeps the app shell so that the
 * app starts without a network. API calls are never cached: pings wait in the page's own queue.
 *  - pages (navigations): network first, the cached shell when offline
 *  - /assets/* (hashed, never change): cache first
 *  - manifest and icons: cached, refreshed in the background
 * Bump VERSION when this file's caching changes; old caches are deleted on activation.
 */
const VERSION = "1";
const CACHE = `rollbook-checkin-v${VERSION}`;
const SHELL_URL = "/CheckIn";
const STATIC = ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/apple-touch-icon.png"];

/** The scripts, styles and preloads index.html names. */
function assetsIn(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
}

async function cacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL_URL, { cache: "no-store" });
  if (!response.ok) throw new Error(`shell answered ${response.status}`);
  const html = await response.clone().text();
  await cache.put(SHELL_URL, response);
  await cache.addAll([...STATIC, ...assetsIn(html)]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("rollbook-checkin-") && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

/**
 * The page lists the assets it runs on (its lazy chunks load before this worker controls it):
 * cache those, and drop assets of older builds that it no longer uses.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "cache-assets" || !Array.isArray(data.urls)) return;
  const keep = new Set(
    data.urls
      .map((u) => {
        try {
          return new URL(u, self.location.origin);
        } catch {
          return null;
        }
      })
      .filter((u) => u && u.origin === self.location.origin && u.pathname.startsWith("/assets/"))
      .map((u) => u.pathname),
  );
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const shell = await cache.match(SHELL_URL);
      for (const a of shell ? assetsIn(await shell.text()) : []) keep.add(a);
      for (const request of await cache.keys()) {
        const p = new URL(request.url).pathname;
        if (p.startsWith("/assets/") && !keep.has(p)) await cache.delete(request);
      }
      for (const p of keep) {
        if (!(await cache.match(p))) await cache.add(p).catch(() => {});
      }
    })(),
  );
});

async function networkFirstShell(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(SHELL_URL, response.clone());
    return response;
  } catch (err) {
    const cached = await cache.match(SHELL_URL);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request);
  const refresh = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(event.request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(refresh.catch(() => {}));
    return cached;
  }
  return refresh;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/graphql")) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname === "/manifest.webmanifest" || url.pathname.startsWith("/icons/")) {
    event.respondWith(staleWhileRevalidate(event));
  }
});
