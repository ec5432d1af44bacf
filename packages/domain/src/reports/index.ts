export * from "./access.ts";
export * from "./figures.ts";
export * from "./hours.ts";
export * from "./percent.ts";
export * from "./range.ts";
