export * from "./attendables.ts";
export * from "./attendance.ts";
export * from "./links.ts";
export * from "./people.ts";
export * from "./places.ts";
export * from "./schools.ts";
export * from "./users.ts";
export * from "./work.ts";
