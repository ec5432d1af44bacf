export * from "./columns.ts";
