/** Public API of the Go template engine. */
export { renderTemplate } from "./render-template";
export { parseTemplates } from "./template-set";
export { GoTemplateError } from "./errors";
export { GoStruct } from "./types";
export type { GoValue } from "./types";
