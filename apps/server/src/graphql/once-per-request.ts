import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

/**
 * Root fields declared with `extensions: { oncePerRequest: true }` (password hashing, mail,
 * code guesses, new tokens) may be called once per request: aliases would otherwise repeat
 * the work or the guess hundreds of times in one request. Validation refuses the whole
 * document, so nothing runs. A new field is covered by adding the option.
 */
export const ONCE_PER_REQUEST = "oncePerRequest";

function rootType(context: ValidationContext, op: OperationDefinitionNode): GraphQLObjectType | null | undefined {
  const schema = context.getSchema();
  if (op.operation === "mutation") return schema.getMutationType();
  if (op.operation === "subscription") return schema.getSubscriptionType();
  return schema.getQueryType();
}

/**
 * Response keys (alias or name) of the root fields of `op` that `counted` picks, each with its
 * field's name; fragments expanded (each fragment once, as execution does). Fields with one
 * response key run once, so they count once.
 */
export function rootFieldKeys(
  context: ValidationContext,
  op: OperationDefinitionNode,
  counted: (field: GraphQLField<unknown, unknown>) => boolean,
): Map<string, string> {
  const keys = new Map<string, string>();
  const type = rootType(context, op);
  if (type) collectKeys(op.selectionSet, type, (name) => context.getFragment(name), counted, keys, new Set());
  return keys;
}

function collectKeys(
  set: SelectionSetNode,
  type: GraphQLObjectType,
  fragments: (name: string) => FragmentDefinitionNode | null | undefined,
  counted: (field: GraphQLField<unknown, unknown>) => boolean,
  keys: Map<string, string>,
  seen: Set<string>,
): void {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      const field = type.getFields()[sel.name.value];
      if (field && counted(field)) keys.set(sel.alias?.value ?? sel.name.value, sel.name.value);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      collectKeys(sel.selectionSet, type, fragments, counted, keys, seen);
    } else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const frag = fragments(sel.name.value);
      if (frag) collectKeys(frag.selectionSet, type, fragments, counted, keys, seen);
    }
  }
}

export function oncePerRequestRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(op) {
      const keys = rootFieldKeys(context, op, (field) => Boolean(field.extensions?.[ONCE_PER_REQUEST]));
      if (keys.size > 1)
        context.reportError(
          new GraphQLError(
            `The request makes ${keys.size} calls of ${[...new Set(keys.values())].join(", ")}: only one such call is allowed per request (each hashes a password, sends mail, checks a code or issues tokens). Send them one at a time.`,
            { nodes: op, extensions: { code: "ONCE_PER_REQUEST", http: { status: 400 } } },
          ),
        );
    },
  };
}
