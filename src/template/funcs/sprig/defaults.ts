/** sprig's defaults family (`default`, `empty`, `coalesce`, `all`, `any`, `ternary`) and flow control (`fail`). */
import { fn, FuncError, type FuncSpec } from "../../types";
import { strArg } from "./cast";
import { isEmpty } from "./reflect";

/** The defaults and flow-control functions. */
export function defaultsFuncs(): Map<string, FuncSpec> {
  return new Map<string, FuncSpec>([
    [
      "default",
      fn(
        ["interface {}", "interface {}"],
        ([d, ...given]) => (given.length === 0 || isEmpty(given[0]) ? (d ?? null) : (given[0] ?? null)),
        true,
      ),
    ],
    ["empty", fn(["interface {}"], ([v]) => isEmpty(v))],
    ["coalesce", fn(["interface {}"], (args) => args.find((v) => !isEmpty(v)) ?? null, true)],
    ["all", fn(["interface {}"], (args) => args.every((v) => !isEmpty(v)), true)],
    ["any", fn(["interface {}"], (args) => args.some((v) => !isEmpty(v)), true)],
    [
      "ternary",
      fn(["interface {}", "interface {}", "bool"], ([t, f, c]) => (c === true ? (t ?? null) : (f ?? null))),
    ],
    [
      "fail",
      fn(["string"], ([msg]) => {
        throw new FuncError(strArg(msg));
      }),
    ],
  ]);
}
