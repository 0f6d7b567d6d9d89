/**
 * The components this provider exposes. Pulumi's analyzer starts here (the package entry) and
 * follows these imports to the classes and their `args` interfaces to build the schema.
 */
export { Helmfile } from "../src/emit/helmfile";
export { Release } from "../src/emit/release";
