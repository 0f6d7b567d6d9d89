/**
 * Every function of sprig v3 (Masterminds/sprig `genericMap`), by family. Callers layer
 * helm's or helmfile's own functions on top with `mergeFuncMaps`.
 */
import { mergeFuncMaps, type FuncMap } from "../../types";
import { certFuncs } from "./certs";
import { conversionFuncs } from "./conversion";
import { cryptoFuncs } from "./crypto";
import { dateFuncs } from "./date";
import { defaultsFuncs } from "./defaults";
import { dictFuncs } from "./dicts";
import { encodingFuncs } from "./encoding";
import { jsonFuncs } from "./json";
import { listFuncs } from "./lists";
import { mathFuncs } from "./math";
import { osNetworkFuncs } from "./os-network";
import { pathFuncs } from "./paths";
import { randomFuncs } from "./random";
import { reflectionFuncs } from "./reflect";
import { regexFuncs } from "./regex";
import { semverFuncs } from "./semver";
import { stringFuncs } from "./strings";
import { urlFuncs } from "./url";

let cached: FuncMap | undefined;

/** sprig's full function map (`sprig.TxtFuncMap()`), including `env` and `expandenv`. */
export function sprigFunctions(): FuncMap {
  cached ??= mergeFuncMaps(
    stringFuncs(),
    conversionFuncs(),
    mathFuncs(),
    listFuncs(),
    dictFuncs(),
    defaultsFuncs(),
    reflectionFuncs(),
    regexFuncs(),
    dateFuncs(),
    encodingFuncs(),
    urlFuncs(),
    cryptoFuncs(),
    certFuncs(),
    randomFuncs(),
    semverFuncs(),
    pathFuncs(),
    osNetworkFuncs(),
    jsonFuncs(),
  );
  return cached;
}
