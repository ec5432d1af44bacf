export * from "./bulk.ts";
export * from "./excuses.ts";
export * from "./links.ts";
export * from "./notes.ts";
export * from "./reads.ts";
export * from "./write.ts";
