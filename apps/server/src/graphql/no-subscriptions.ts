import { type ASTVisitor, GraphQLError, type ValidationContext } from "graphql";

export const NO_SUBSCRIPTIONS =
  "Subscriptions are not served: live changes come over the push channel (a WebSocket at /api/v2/push, decision 0200).";

/**
 * The schema has no Subscription type: graphql-js refused a subscription only when executing it,
 * with HTTP 200 and no `extensions.code`. Refused in validation instead, so it is a request
 * error like any other (400, GRAPHQL_VALIDATION_FAILED, decision 0120) and nothing runs.
 */
export function noSubscriptionsRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(op) {
      if (op.operation === "subscription" && !context.getSchema().getSubscriptionType())
        context.reportError(new GraphQLError(NO_SUBSCRIPTIONS, { nodes: op }));
    },
  };
}
