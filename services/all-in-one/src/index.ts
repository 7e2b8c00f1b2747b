export { startProduct, type ProductOverrides, type RunningProduct } from "./start";
export { loadAllInOneConfig, allInOneSchema, type AllInOneConfig } from "./config";
