import { GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";

/** graphql-js's own wording for a variable it could not coerce ("Variable "$p" got invalid value ..."). */
const VARIABLE = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/;

/**
 * Gives a request error raised while coercing variables (wrong type, a required one missing) the
 * code and field every other 400 has (decision 0120): graphql-js returns those errors bare, before
 * any resolver runs, so a client could not tell them from any other failure by code.
 */
export function useVariableErrorCodes(): Plugin {
  return {
    onExecute() {
      return {
        onExecuteDone({ result, setResult }) {
          // a stream (incremental delivery) is never a coercion failure; one with data ran
          if (!result || Symbol.asyncIterator in result || "data" in result || !result.errors) return;
          setResult({
            ...result,
            errors: result.errors.map((e) => {
              const name = VARIABLE.exec(e.message)?.[1];
              if (!name || e.extensions?.code) return e;
              return new GraphQLError(e.message, {
                nodes: e.nodes,
                source: e.source,
                positions: e.positions,
                originalError: e.originalError,
                extensions: { ...e.extensions, code: "BAD_REQUEST", field: `variables.${name}`, http: { status: 400 } },
              });
            }),
          });
        },
      };
    },
  };
}
