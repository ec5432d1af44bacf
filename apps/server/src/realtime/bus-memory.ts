import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { decodeBus } from "./codec.ts";
import type { BusMessage, PushBus, PushListener } from "./messages.ts";

/** One process: publishers and the push channel share an EventEmitter. */
export function createMemoryBus(log: FastifyBaseLogger): PushBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closed = false;
  return {
    async publish(message: BusMessage) {
      if (closed) return;
      // a copy through JSON, like Redis: a publisher changing its object later changes nothing
      const copy = decodeBus(JSON.parse(JSON.stringify(message)));
      if (!copy) {
        log.error({ message }, "push: refused a malformed message");
        return;
      }
      // delivered after the caller goes on: a listener's failure never reaches the publishing request
      setImmediate(() => emitter.emit("message", copy));
    },
    subscribe(listener: PushListener) {
      const safe = (m: BusMessage) => {
        try {
          listener(m);
        } catch (err) {
          log.error({ err }, "push: a listener failed");
        }
      };
      emitter.on("message", safe);
      return () => emitter.off("message", safe);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
    },
  };
}
