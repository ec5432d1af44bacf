export * from "./fields.ts";
export * from "./links.ts";
export * from "./school-ids.ts";
export * from "./travel.ts";
