import { EnvelopArmor } from "@escape.tech/graphql-armor";
import type { GraphQLArmorRejectCallback } from "@escape.tech/graphql-armor-types";
import { type ASTNode, type ASTVisitor, GraphQLError, type ValidationContext } from "graphql";
import type { Plugin } from "graphql-yoga";
import { findNul, NUL_MESSAGE } from "../http/no-nul.ts";
import { noSubscriptionsRule } from "./no-subscriptions.ts";
import { oncePerRequestRule, rootFieldKeys } from "./once-per-request.ts";

/**
 * Limits on the shape of a document (decisions 0121, 0401), measured by graphql-armor:
 * introspection types nest without end and aliases repeat a field at will, so a small request
 * could otherwise ask for a huge amount of work. Numbers and why: docs/decisions/0401.
 */
export const MAX_DOCUMENT_LENGTH = 32 * 1024;
export const MAX_TOKENS = 1000;
export const MAX_DEPTH = 15;
export const MAX_ALIASES = 15;
export const MAX_DIRECTIVES = 50;
// a page of attendance with all its relations costs 70, the web app's `me` 170; 15 aliases of
// a students page cost 604, of an attendance page 1,043
export const MAX_COST = 500;
/**
 * Reports per request (decision 0126). Armor's cost is structural (a report's `{ total }` costs
 * 1) while a report reads up to two years of attendance: 15 aliased canvasReport took 39-47 s on
 * PGlite, blocking every other request of the process. No screen of the web app sends more
 * than one report in a request.
 */
export const MAX_REPORTS = 2;

/** A report: a root Query field named *Report (the report screens' fields, each over a date range or a whole school). */
export const isReport = (field: { name: string }) => field.name.endsWith("Report");

function tooComplex(message: string, limit: string, nodes?: ASTNode): GraphQLError {
  return new GraphQLError(message, {
    nodes,
    extensions: { code: "QUERY_TOO_COMPLEX", limit, http: { status: 400 } },
  });
}

/** Refuses an operation holding more than MAX_REPORTS report fields (aliases and fragments counted). */
export function reportLimitRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(op) {
      if (op.operation !== "query") return;
      const keys = rootFieldKeys(context, op, isReport);
      if (keys.size <= MAX_REPORTS) return;
      context.reportError(
        tooComplex(
          `The query runs ${keys.size} reports (${[...new Set(keys.values())].join(", ")}): at most ${MAX_REPORTS} are allowed per request. Send the others in separate requests.`,
          "reports",
          op,
        ),
      );
    },
  };
}

/** Replaces armor's "Syntax Error: ..." by our message and code; validation keeps going. */
function refuse(message: string, limit: string): GraphQLArmorRejectCallback[] {
  return [
    (ctx) => {
      const error = tooComplex(message, limit);
      // the token limit runs inside the parser, which has no validation context: stop it there
      if (!ctx) throw error;
      ctx.reportError(error);
    },
  ];
}

const armor = (production: boolean) =>
  new EnvelopArmor({
    // field suggestions would help map the schema; kept while developing
    blockFieldSuggestion: { enabled: production },
    maxTokens: {
      n: MAX_TOKENS,
      propagateOnRejection: false,
      onReject: refuse(`The query has more than ${MAX_TOKENS} tokens.`, "tokens"),
    },
    maxDepth: {
      n: MAX_DEPTH,
      flattenFragments: true,
      ignoreIntrospection: false,
      propagateOnRejection: false,
      onReject: refuse(`The query is nested deeper than ${MAX_DEPTH} levels.`, "depth"),
    },
    maxAliases: {
      n: MAX_ALIASES,
      propagateOnRejection: false,
      onReject: refuse(`The query uses more than ${MAX_ALIASES} aliases.`, "aliases"),
    },
    maxDirectives: {
      n: MAX_DIRECTIVES,
      propagateOnRejection: false,
      onReject: refuse(`The query uses more than ${MAX_DIRECTIVES} directives.`, "directives"),
    },
    costLimit: {
      maxCost: MAX_COST,
      propagateOnRejection: false,
      onReject: refuse(
        `The query asks for too much at once (cost over ${MAX_COST}): split it into several requests.`,
        "cost",
      ),
    },
  }).protect().plugins;

export function noNulRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (node.value.includes("\0")) context.reportError(new GraphQLError(`Text ${NUL_MESSAGE}.`, { nodes: node }));
    },
  };
}

/** Size and U+0000 checks before parsing, then our rules beside armor's in validation. */
function useRequestChecks(): Plugin {
  return {
    onParams({ params, setResult }) {
      // refused before the parser sees it: a megabyte of string, comment or spaces costs nothing
      if (typeof params.query === "string" && params.query.length > MAX_DOCUMENT_LENGTH) {
        setResult({
          errors: [
            new GraphQLError(`The query document is longer than ${MAX_DOCUMENT_LENGTH} characters.`, {
              extensions: { code: "DOCUMENT_TOO_LARGE", http: { status: 400 } },
            }),
          ],
        });
        return;
      }
      const at = findNul(params.variables);
      if (at !== null) {
        const field = at.split(".")[0] ?? at;
        setResult({
          errors: [
            new GraphQLError(`${field} ${NUL_MESSAGE}`, {
              extensions: { code: "BAD_USER_INPUT", field, http: { status: 400 } },
            }),
          ],
        });
      }
    },
    onValidate({ addValidationRule }) {
      addValidationRule(noNulRule);
      addValidationRule(oncePerRequestRule);
      addValidationRule(reportLimitRule);
      addValidationRule(noSubscriptionsRule);
    },
  };
}

/** The Yoga plugins bounding what one request may ask for. */
export function documentLimits(production: boolean): Plugin[] {
  return [useRequestChecks(), ...(armor(production) as Plugin[])];
}
