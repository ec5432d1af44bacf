import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { Services } from "../services.ts";
import type { AppBus } from "./bus.ts";
import { CLOSE, isPush } from "./messages.ts";
import { PushHub } from "./push-hub.ts";

export const PUSH_PATH = "/api/v2/push";

/**
 * The private per-user push channel: a WebSocket at /api/v2/push. The browser
 * authenticates with its first message (the token never goes in a URL, where
 * proxies and logs keep it). Registered on the root app, before other routes,
 * as @fastify/websocket asks.
 */
export async function registerPush(app: FastifyInstance, { s, bus }: { s: Services; bus: AppBus }) {
  let hub: PushHub | null = null;
  await app.register(websocket, {
    // browsers send one small auth message; anything large is not ours. Pings are answered by
    // the hub: ws's own flood guard would drop the TCP connection without a close frame.
    options: { maxPayload: 4096, autoPong: false },
    // A protocol error (a frame over maxPayload, bad UTF-8...) has already made ws send a close
    // frame with its code (1009, 1007...); the default handler's terminate() would cut it off.
    errorHandler(error, socket) {
      app.log.debug({ err: error }, "push socket error");
      if (socket.readyState === socket.OPEN) socket.close(1011, "server error");
    },
    preClose(done) {
      hub?.close();
      // "going away": the browser reconnects with backoff to whichever process is up
      for (const client of app.websocketServer.clients) client.close(CLOSE.goingAway, "server restarting");
      app.websocketServer.close(() => done());
    },
  });
  // An upgrade to any other route (the health check, /graphql, the web app's pages) would be
  // accepted (101) by @fastify/websocket and closed at once without a code (1005): a client
  // sees a socket that opened and died. Refused before any route runs, as the plain HTTP 404
  // of an unknown path (the not-found answer; @fastify/websocket ends the socket after it).
  app.addHook("onRequest", async (request, reply) => {
    if (request.ws && request.routeOptions.url !== PUSH_PATH) return reply.callNotFound();
  });
  hub = new PushHub({
    db: s.db,
    log: s.log,
    authTimeoutMs: s.config.PUSH_AUTH_TIMEOUT_MS,
    recheckMs: s.config.PUSH_RECHECK_MS,
    heartbeatMs: s.config.PUSH_HEARTBEAT_MS,
  });
  const live = hub;
  s.pushClients = () => live.size;
  const unsubscribe = bus.subscribe(
    (m) => {
      if (isPush(m)) live.receive(m);
    },
    () => live.gap(),
  );
  await bus.ready();
  app.addHook("onClose", async () => {
    unsubscribe();
    live.close();
  });

  app.route({
    method: "GET",
    url: PUSH_PATH,
    handler: async (_request, reply) =>
      reply.code(426).header("upgrade", "websocket").send({
        message: 'This is a WebSocket endpoint: connect with a WebSocket and send {"type":"auth","token":"..."} first',
      }),
    wsHandler: (socket) => live.accept(socket),
  });
  return live;
}
