import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { findNul, NUL_MESSAGE } from "../http/no-nul.ts";

/**
 * Limits on the shape of a document (decision 0121): introspection types nest
 * without end and aliases repeat a field at will, so a small request could
 * otherwise ask for a huge amount of work. Counted with fragments expanded,
 * stopping as soon as a limit is passed so a fragment "bomb" costs nothing.
 */
export const MAX_DEPTH = 15;
export const MAX_FIELDS = 1500;

function measure(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  depth: number,
  state: { fields: number; depth: number },
  seen: Set<string>,
): void {
  for (const sel of set.selections) {
    if (state.fields > MAX_FIELDS || state.depth > MAX_DEPTH) return;
    if (sel.kind === Kind.FIELD) {
      state.fields++;
      if (sel.selectionSet) {
        state.depth = Math.max(state.depth, depth + 1);
        measure(sel.selectionSet, fragments, depth + 1, state, seen);
      }
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      measure(sel.selectionSet, fragments, depth, state, seen);
    } else {
      const frag = fragments.get(sel.name.value);
      // a cycle is reported by the standard NoFragmentCycles rule
      if (!frag || seen.has(frag.name.value)) continue;
      seen.add(frag.name.value);
      measure(frag.selectionSet, fragments, depth, state, seen);
      seen.delete(frag.name.value);
    }
  }
}

export function documentLimitsRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of context.getDocument().definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  return {
    OperationDefinition(op) {
      const state = { fields: 0, depth: 0 };
      measure(op.selectionSet, fragments, 0, state, new Set());
      if (state.depth > MAX_DEPTH)
        context.reportError(new GraphQLError(`The query is nested deeper than ${MAX_DEPTH} levels.`, { nodes: op }));
      else if (state.fields > MAX_FIELDS)
        context.reportError(new GraphQLError(`The query selects more than ${MAX_FIELDS} fields.`, { nodes: op }));
    },
  };
}

export function noNulRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (node.value.includes("\0")) context.reportError(new GraphQLError(`Text ${NUL_MESSAGE}.`, { nodes: node }));
    },
  };
}

/** The Yoga plugin adding the rules to validation and checking variables. */
export function useDocumentLimits(): Plugin {
  return {
    onParams({ params, setResult }) {
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
      addValidationRule(documentLimitsRule);
      addValidationRule(noNulRule);
    },
  };
}
