export * from "./fields.ts";
export * from "./phone.ts";
export * from "./search-fold.ts";
export * from "./tokens.ts";
