export * from "./apa.ts";
export * from "./coverage.ts";
export * from "./evaluate.ts";
export * from "./geofence.ts";
export * from "./offline-code.ts";
export * from "./rules.ts";
export * from "./scan-code.ts";
export * from "./semester.ts";
