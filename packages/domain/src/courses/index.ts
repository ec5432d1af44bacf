export * from "./cancellation.ts";
export * from "./feed.ts";
export * from "./fields.ts";
export * from "./figures.ts";
