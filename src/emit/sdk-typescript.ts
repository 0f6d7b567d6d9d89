/**
 * The Pulumi SDK loads the TypeScript compiler (~9 MB of JavaScript, ~75 ms with Node's compile
 * cache) when it is imported: `runtime/closure/parseFunction.js` requires `typescript-shim.js` at
 * its top, for serializing functions (`pulumi.runtime.serializeFunction`), which no program of this
 * package does. {@link deferTypescript} puts a stand-in for that shim in Node's module cache that
 * loads the real one (and so TypeScript) on the first use of any of its properties.
 */
import Module, { createRequire } from "node:module";

/** Where the SDK's shim is; undefined when the SDK has none (another layout: nothing to do). */
function shimPath(): string | undefined {
  try {
    return require.resolve("@pulumi/pulumi/typescript-shim.js");
  } catch {
    return undefined;
  }
}

/**
 * Defers the SDK's TypeScript to its first use. Call it before `@pulumi/pulumi` is first imported;
 * afterwards (the shim loaded already) it does nothing. Answers whether the stand-in is in place.
 */
export function deferTypescript(): boolean {
  const path = shimPath();
  if (path === undefined || require.cache[path] !== undefined) return false;
  let real: Record<string | symbol, unknown> | undefined;
  const load = (): Record<string | symbol, unknown> => {
    if (real === undefined) {
      // The stand-in leaves the cache, the real shim loads in its place (for later requires too).
      delete require.cache[path];
      real = createRequire(__filename)(path) as Record<string | symbol, unknown>;
    }
    return real;
  };
  const standIn = new Proxy({} as Record<string | symbol, unknown>, {
    get: (_, key) => load()[key],
    has: (_, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(load(), key);
      return d === undefined ? undefined : { ...d, configurable: true };
    },
  });
  const m = new Module(path);
  m.filename = path;
  m.loaded = true;
  m.exports = standIn;
  require.cache[path] = m;
  return true;
}
