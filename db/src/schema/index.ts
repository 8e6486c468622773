export * from "./admin";
export * from "./catalog";
export * from "./content";
export * from "./leads";
export * from "./notifications";
export * from "./orders";
export * from "./settings";
export * from "./visits";
