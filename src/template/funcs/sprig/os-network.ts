/**
 * sprig's OS and network functions. `env`/`expandenv` read the injected environment (never
 * `process.env`); `getHostByName` needs the network, which a template run does not have.
 */
import { fn, FuncError, type CallContext, type FuncSpec } from "../../types";
import { strArg } from "./cast";

function lookup(ctx: CallContext, name: string): string {
  return ctx.env.environ?.[name] ?? "";
}

/** Go's `os.Expand` with `os.Getenv`: `$VAR` and `${VAR}`. */
export function expandEnv(s: string, get: (name: string) => string): string {
  let out = "";
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c !== "$" || i + 1 >= s.length) {
      out += c;
      i++;
      continue;
    }
    const rest = s.slice(i + 1);
    const special = /^[*#$@!?\-0-9]/.exec(rest);
    const braced = /^\{([^}]*)\}/.exec(rest);
    const plain = /^[A-Za-z0-9_]+/.exec(rest);
    if (rest.startsWith("{")) {
      if (braced === null) {
        // Go drops a "${" with no closing brace.
        i += 2;
        continue;
      }
      const name = braced[1] ?? "";
      // "${}" is a bad syntax: Go eats it.
      if (name !== "") out += get(name);
      i += 1 + braced[0].length;
    } else if (special !== null) {
      out += get(special[0]);
      i += 2;
    } else if (plain !== null) {
      out += get(plain[0]);
      i += 1 + plain[0].length;
    } else {
      out += "$";
      i++;
    }
  }
  return out;
}

/** The OS and network functions. */
export function osNetworkFuncs(): Map<string, FuncSpec> {
  return new Map<string, FuncSpec>([
    ["env", fn(["string"], ([n], ctx) => lookup(ctx, strArg(n)))],
    ["expandenv", fn(["string"], ([s], ctx) => expandEnv(strArg(s), (n) => lookup(ctx, n)))],
    [
      "getHostByName",
      fn(["string"], ([n]) => {
        throw new FuncError(
          `getHostByName ${JSON.stringify(strArg(n))}: DNS lookups are not available while rendering templates (offline)`,
        );
      }),
    ],
  ]);
}
