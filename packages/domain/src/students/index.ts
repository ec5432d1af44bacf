export * from "./fields.ts";
export * from "./tokens.ts";
