export * from "./fields.ts";
export * from "./signup.ts";
