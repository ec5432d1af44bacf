/**
 * Pings waiting to be sent, kept in IndexedDB so that a phone that goes offline (or a page that is
 * closed) loses none: they are sent, oldest first, when the connection is back. Each ping carries
 * the device's own id, so sending one twice is harmless (the server stores it once).
 * Without IndexedDB (some private modes) the queue lives in memory for the page's lifetime.
 */
import type { QueuedPing as Ping } from "./clock-offset.ts";

const DB_NAME = "rollbook-checkin";
const STORE = "pings";

export interface PingQueue {
  add(ping: Ping): Promise<void>;
  /** the oldest `limit` pings, by recorded_at */
  oldest(limit: number): Promise<Ping[]>;
  remove(ids: string[]): Promise<void>;
  count(): Promise<number>;
  clear(): Promise<void>;
}

const byTime = (a: Ping, b: Ping) => a.recorded_at.localeCompare(b.recorded_at);

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: "id" });
      store.createIndex("recorded_at", "recorded_at");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("IndexedDB blocked"));
  });
}

function idbQueue(db: IDBDatabase): PingQueue {
  const tx = async <T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T> | undefined) => {
    const t = db.transaction(STORE, mode);
    const req = run(t.objectStore(STORE));
    const done = new Promise<void>((resolve, reject) => {
      t.oncomplete = () => resolve();
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error ?? new Error("IndexedDB transaction aborted"));
    });
    const [result] = await Promise.all([req ? request(req) : undefined, done]);
    return result as T;
  };
  return {
    add: async (ping) => {
      await tx("readwrite", (s) => s.put(ping));
    },
    async oldest(limit) {
      const t = db.transaction(STORE, "readonly");
      const index = t.objectStore(STORE).index("recorded_at");
      return (await request(index.getAll(null, limit))) as Ping[];
    },
    async remove(ids) {
      if (!ids.length) return;
      await tx("readwrite", (s) => {
        for (const id of ids) s.delete(id);
        return undefined;
      });
    },
    count: () => tx("readonly", (s) => s.count()),
    clear: () => tx("readwrite", (s) => s.clear()),
  };
}

function memoryQueue(): PingQueue {
  const pings = new Map<string, Ping>();
  return {
    async add(ping) {
      pings.set(ping.id, ping);
    },
    async oldest(limit) {
      return [...pings.values()].sort(byTime).slice(0, limit);
    },
    async remove(ids) {
      for (const id of ids) pings.delete(id);
    },
    async count() {
      return pings.size;
    },
    async clear() {
      pings.clear();
    },
  };
}

let opened: Promise<PingQueue> | null = null;

export function openPingQueue(): Promise<PingQueue> {
  opened ??= (typeof indexedDB === "undefined" ? Promise.reject(new Error("no IndexedDB")) : openDb()).then(
    idbQueue,
    () => memoryQueue(),
  );
  return opened;
}
