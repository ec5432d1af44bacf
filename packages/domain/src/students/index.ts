export * from "./fields.ts";
export * from "./phone.ts";
export * from "./tokens.ts";
