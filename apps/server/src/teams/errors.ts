import { TeamInputError } from "@rollbook/domain";
import { userError } from "../graphql/builder.ts";

/** Runs a domain check, turning its TeamInputError into the API's BAD_USER_INPUT naming the field. */
export function checked<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof TeamInputError) throw userError(e.message, e.field);
    throw e;
  }
}
