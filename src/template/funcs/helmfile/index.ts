/**
 * helmfile's template functions and renderer. See `functions.ts` for the function map and
 * what it assumes of its caller, `render.ts` for helmfile's way of rendering a string.
 */
export { helmfileFunctions, withHelmfileFunctions } from "./functions";
export { renderHelmfileTemplate, type RenderHelmfileTemplateOptions } from "./render";
export { helperTemplates, type HelperTemplate } from "./templates";
export type { HelmfileFunctionOptions, SecretResolver } from "./options";
export { goToYaml, yamlToGo } from "./yaml-bridge";
