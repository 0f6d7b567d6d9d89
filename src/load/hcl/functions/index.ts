/**
 * The function table helmfile's HCL loader registers (pkg/hcllang/hcl_functions.go):
 * cty stdlib, go-cty-funcs cidr, go-cty-yaml. `try` and `can` need unevaluated arguments
 * and are handled by the evaluator.
 */
import { CIDR_FUNCTIONS } from "./cidr-functions";
import { COLLECTION_FUNCTIONS } from "./collection-functions";
import { ENCODING_FUNCTIONS } from "./encoding-functions";
import { FORMAT_FUNCTIONS } from "./format-functions";
import type { HclFunction } from "./function-args";
import { NUMBER_FUNCTIONS } from "./number-functions";
import { REGEX_TIME_FUNCTIONS } from "./regex-time-functions";
import { STRING_FUNCTIONS } from "./string-functions";

/** Every callable function by name. */
export const HCL_FUNCTIONS: ReadonlyMap<string, HclFunction> = new Map<string, HclFunction>([
  ...STRING_FUNCTIONS,
  ...COLLECTION_FUNCTIONS,
  ...NUMBER_FUNCTIONS,
  ...ENCODING_FUNCTIONS,
  ...FORMAT_FUNCTIONS,
  ...CIDR_FUNCTIONS,
  ...REGEX_TIME_FUNCTIONS,
]);

export type { HclFunction } from "./function-args";
