export * from "./auth-schemas.ts";
export * from "./constants.ts";
export * from "./format.ts";
export * from "./pagination.ts";
export * from "./roles.ts";
export * from "./schedule.ts";
export * from "./statuses.ts";
export * from "./time-zone.ts";
