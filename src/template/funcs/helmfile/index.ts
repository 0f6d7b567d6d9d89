/**
 * helmfile's template functions and renderer. See `functions.ts` for the function map and
 * what it assumes of its caller, `render.ts` for helmfile's way of rendering a string.
 */
export { helmfileFunctions, withHelmfileFunctions } from "./functions";
export { renderHelmfileTemplate } from "./render";
export { helperTemplates } from "./templates";
export type { HelmfileFunctionOptions } from "./options";
