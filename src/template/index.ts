/** Public API of the Go template engine. */
export { renderTemplate, tryRenderTemplate } from "./render-template";
export type { RenderTemplateOptions, RenderTemplateResult } from "./render-template";
export { TemplateSet, parseTemplates } from "./template-set";
export type { TemplateSetOptions, TemplateSource } from "./template-set";
export { GoTemplateError, TEMPLATE_CODES } from "./errors";
export { builtinFunctions } from "./builtins/index";
export { sprint, sprintln } from "./fmt/printer";
export { sprintf } from "./fmt/sprintf";
export { formatFloat } from "../shared/go/float";
export { goTimeString as timeString } from "../shared/go-time";
export {
  FuncError,
  GoFunc,
  GoNumber,
  GoStruct,
  GoTime,
  fn,
  goByteLength,
  goStringFromBytes,
  goStringToBytes,
  isGoMap,
  isStackExhausted,
  isTrue,
  kindOf,
  mapElemType,
  mergeFuncMaps,
  newGoMap,
  sliceElemType,
  typeName,
  typedMap,
  typedSlice,
} from "./types";
export type {
  CallContext,
  FuncMap,
  FuncSpec,
  GoKind,
  GoMap,
  GoNumberKind,
  GoParamType,
  GoValue,
  MissingKeyMode,
  ReentryOptions,
  TemplateEnv,
} from "./types";
