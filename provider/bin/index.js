"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// provider/index.ts
var index_exports = {};
__export(index_exports, {
  providerDirectory: () => providerDirectory
});
module.exports = __toCommonJS(index_exports);
var import_node_path12 = require("node:path");
var import_provider = require("@pulumi/pulumi/provider");

// provider/helmfile-provider.ts
var import_experimental = require("@pulumi/pulumi/provider/experimental");

// src/emit/helmfile.ts
var pulumi3 = __toESM(require("@pulumi/pulumi"));
var k8s2 = __toESM(require("@pulumi/kubernetes"));

// src/shared/errors.ts
var HelmfileError = class extends Error {
  /** Stable machine-readable code, e.g. `LOAD_UNKNOWN_KEY`. */
  code;
  file;
  line;
  column;
  keyPath;
  expected;
  found;
  /** The message without location prefix. */
  detail;
  constructor(code, message, details = {}) {
    super(formatErrorMessage(message, details), details.cause === void 0 ? void 0 : { cause: details.cause });
    this.name = new.target.name;
    this.code = code;
    this.detail = message;
    this.file = details.file;
    this.line = details.line;
    this.column = details.column;
    this.keyPath = details.keyPath;
    this.expected = details.expected;
    this.found = details.found;
  }
};
var LoadError = class extends HelmfileError {
};
var TemplateError = class extends HelmfileError {
};
var MergeError = class extends HelmfileError {
};
var RenderError = class extends HelmfileError {
};
var EmitError = class extends HelmfileError {
};
var ConfigError = class extends HelmfileError {
};
var SecretError = class extends HelmfileError {
};
function shorten(text, max = 80) {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}\u2026`;
}
function formatKeyPath(path) {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? part : `.${part}`;
  }
  return out;
}
function formatErrorMessage(message, details) {
  let where = "";
  if (details.file !== void 0) {
    where = details.file;
    if (details.line !== void 0) {
      where += `:${details.line}`;
      if (details.column !== void 0) where += `:${details.column}`;
    }
  }
  const parts = [];
  if (where !== "") parts.push(where);
  if (details.keyPath !== void 0 && details.keyPath.length > 0) parts.push(formatKeyPath(details.keyPath));
  let text = parts.length > 0 ? `${parts.join(": ")}: ${message}` : message;
  if (details.expected !== void 0 || details.found !== void 0) {
    const bits = [];
    if (details.expected !== void 0) bits.push(`expected ${details.expected}`);
    if (details.found !== void 0) bits.push(`found ${shorten(details.found)}`);
    text += ` (${bits.join(", ")})`;
  }
  return text;
}
function isHelmfileError(err) {
  return err instanceof HelmfileError;
}

// src/shared/limits.ts
var LIMIT_CODES = {
  templateDepth: "LIMIT_TEMPLATE_DEPTH",
  outputSize: "LIMIT_OUTPUT_SIZE",
  execTimeout: "LIMIT_EXEC_TIMEOUT",
  helmTimeout: "LIMIT_HELM_TIMEOUT"
};
var LimitError = class extends HelmfileError {
};
var DEFAULT_LIMITS = Object.freeze({
  templateDepth: 1e5,
  outputSize: 64 * 1024 * 1024,
  execTimeoutMs: 3e5,
  helmTimeoutMs: 6e5
});
var LIMIT_ENV_VARS = {
  templateDepth: "PULUMI_HELMFILE_MAX_TEMPLATE_DEPTH",
  outputSize: "PULUMI_HELMFILE_MAX_TEMPLATE_OUTPUT",
  execTimeoutMs: "PULUMI_HELMFILE_EXEC_TIMEOUT_MS",
  helmTimeoutMs: "PULUMI_HELMFILE_HELM_TIMEOUT_MS"
};
function checked(name, value, source) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ConfigError("CONFIG_INVALID_LIMIT", `limit ${name} must be a non-negative integer`, {
      keyPath: [name],
      expected: "a non-negative integer",
      found: `${String(value)} (from ${source})`
    });
  }
  return value;
}
function resolveLimits(options = {}, env = {}) {
  const out = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS)) {
    const given = options[key];
    const fromEnv = env[LIMIT_ENV_VARS[key]];
    if (given !== void 0) out[key] = checked(key, given, "options");
    else if (fromEnv !== void 0 && fromEnv !== "") {
      out[key] = checked(key, /^\d+$/.test(fromEnv) ? Number(fromEnv) : NaN, LIMIT_ENV_VARS[key]);
    }
  }
  return out;
}
function limitError(code, message, details = {}) {
  return new LimitError(code, message, details);
}
function timeoutError(kind, command, args, ms) {
  const shown = shortCommand(command, args);
  return kind === "exec" ? limitError(
    LIMIT_CODES.execTimeout,
    `exec command "${shown}" did not finish within ${ms} ms (limit execTimeoutMs)`
  ) : limitError(
    LIMIT_CODES.helmTimeout,
    `helm call "${shown}" did not finish within ${ms} ms (limit helmTimeoutMs)`
  );
}
function shortCommand(command, args) {
  const text = [command, ...args].join(" ");
  return text.length <= 120 ? text : `${text.slice(0, 119)}\u2026`;
}
var GRACE_MS = 2e3;
function withProcessLimits(runner, limits) {
  return {
    runSync(command, args, options = {}) {
      const ms = limits.execTimeoutMs;
      if (ms === 0) return runner.runSync(command, args, options);
      const started = Date.now();
      const result = runner.runSync(command, args, { ...options, timeoutMs: options.timeoutMs ?? ms });
      if (result.exitCode !== 0 && Date.now() - started >= ms) throw timeoutError("exec", command, args, ms);
      return result;
    },
    async run(command, args, options = {}) {
      const ms = limits.helmTimeoutMs;
      if (ms === 0) return runner.run(command, args, options);
      const started = Date.now();
      let timer;
      const abandoned = new Promise((_, reject) => {
        timer = setTimeout(() => reject(timeoutError("helm", command, args, ms)), ms + GRACE_MS);
        timer.unref?.();
      });
      try {
        const result = await Promise.race([
          runner.run(command, args, { ...options, timeoutMs: options.timeoutMs ?? ms }),
          abandoned
        ]);
        if (result.exitCode !== 0 && Date.now() - started >= ms)
          throw timeoutError("helm", command, args, ms);
        return result;
      } finally {
        clearTimeout(timer);
      }
    }
  };
}

// src/emit/default-pipeline.ts
var import_node_path11 = require("node:path");

// src/shared/value.ts
function newMap() {
  return /* @__PURE__ */ Object.create(null);
}
function isMap(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
var FORBIDDEN_KEYS = /* @__PURE__ */ new Set(["__proto__", "constructor", "prototype"]);
function cloneValue(v) {
  if (Array.isArray(v)) return v.map(cloneValue);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = cloneValue(v[k]);
    return out;
  }
  return v;
}
function toPlain(v) {
  if (typeof v === "bigint") {
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : { $int64: v.toString() };
  }
  if (Array.isArray(v)) return v.map(toPlain);
  if (isMap(v)) {
    const out = {};
    for (const k of Object.keys(v)) out[k] = toPlain(v[k]);
    return out;
  }
  return v;
}
function fromPlain(data, options = {}) {
  if (data === null || data === void 0) return null;
  if (typeof data === "boolean" || typeof data === "string" || typeof data === "bigint") return data;
  if (typeof data === "number") {
    return !options.floats && Number.isInteger(data) ? BigInt(data) : data;
  }
  if (Array.isArray(data)) return data.map((x) => fromPlain(x, options));
  if (typeof data === "object") {
    const obj = data;
    const keys = Object.keys(obj);
    if (keys.length === 1 && keys[0] === "$int64" && typeof obj.$int64 === "string") return BigInt(obj.$int64);
    const out = newMap();
    for (const k of keys) out[k] = fromPlain(obj[k], options);
    return out;
  }
  throw new TypeError(`not a plain value: ${typeof data}`);
}
function canonicalJson(v, indent3 = 0) {
  return JSON.stringify(sortKeys(toPlain(v)), null, indent3);
}
function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v === "object" && v !== null) {
    const out = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys(v[k]);
    return out;
  }
  return v;
}

// src/render/collect-args.ts
function collectArgs(args) {
  const words = args.split(" ").filter((w) => w.length > 0);
  const order = [];
  const values = /* @__PURE__ */ new Map();
  const add = (flag, value, spaced) => {
    if (flag === "") return;
    const list2 = values.get(flag);
    if (list2 === void 0) {
      values.set(flag, [{ value, spaced }]);
      order.push(flag);
    } else list2.push({ value, spaced });
  };
  words.forEach((word, i) => {
    if (!word.startsWith("-")) return;
    const eq2 = word.indexOf("=");
    if (eq2 >= 0) {
      add(word.slice(0, eq2), word.slice(eq2 + 1), false);
      return;
    }
    const next = words[i + 1];
    if (next !== void 0 && !next.startsWith("-")) add(word, next, true);
    else add(word, "", false);
  });
  const out = [];
  for (const flag of order) {
    for (const v of values.get(flag) ?? []) {
      if (v.value === "") out.push(flag);
      else if (v.spaced) out.push(flag, v.value);
      else out.push(`${flag}=${v.value}`);
    }
  }
  return out;
}
function extraHelmArgs(cliArgs, helmDefaultsArgs) {
  const base = cliArgs.length > 0 ? collectArgs(cliArgs) : [];
  const fromState = helmDefaultsArgs !== void 0 && helmDefaultsArgs.length > 0 ? collectArgs(helmDefaultsArgs.join(" ")) : [];
  return [...base, ...fromState];
}

// src/render/spec-access.ts
function str(map, key) {
  const v = map?.[key];
  if (typeof v === "string") return v;
  if (typeof v === "bigint" || typeof v === "number") return String(v);
  return void 0;
}
function bool(map, key) {
  const v = map?.[key];
  if (typeof v === "boolean") return v;
  if (v === "true") return true;
  if (v === "false") return false;
  return void 0;
}
function strList(map, key) {
  const v = map?.[key];
  if (!Array.isArray(v)) return [];
  return v.flatMap(
    (x) => typeof x === "string" ? [x] : typeof x === "bigint" || typeof x === "number" || typeof x === "boolean" ? [String(x)] : []
  );
}
function sub(map, key) {
  const v = map?.[key];
  return isMap(v) ? v : void 0;
}

// src/render/helm-home.ts
function createHelmHome(scratch, seedRepositories) {
  const root = scratch.makeTempDir("pulumi-helmfile-helm-");
  if (seedRepositories !== void 0) {
    scratch.makeDir(`${root}/config`);
    scratch.writeFile(`${root}/config/repositories.yaml`, seedRepositories, 384);
  }
  const env = {
    HELM_CONFIG_HOME: `${root}/config`,
    HELM_CACHE_HOME: `${root}/cache`,
    HELM_DATA_HOME: `${root}/data`,
    HELM_REPOSITORY_CONFIG: `${root}/config/repositories.yaml`,
    HELM_REPOSITORY_CACHE: `${root}/cache/repository`,
    HELM_REGISTRY_CONFIG: `${root}/config/registry/config.json`
  };
  return { env, dispose: () => scratch.remove(root) };
}
async function syncRepositories(repositories2, helm2, runner, env, logger) {
  for (const repo of repositories2) {
    if (repo.oci) continue;
    const args = ["repo", "add", repo.name, repo.url];
    if (helm2.major >= 4 || helm2.minor > 3 || helm2.minor === 3 && helm2.patch >= 2)
      args.push("--force-update");
    const cert = str(repo.spec, "certFile");
    const key = str(repo.spec, "keyFile");
    if (cert !== void 0 && cert !== "" && key !== void 0 && key !== "")
      args.push("--cert-file", cert, "--key-file", key);
    const ca = str(repo.spec, "caFile");
    if (ca !== void 0 && ca !== "") args.push("--ca-file", ca);
    if (bool(repo.spec, "passCredentials") === true) args.push("--pass-credentials");
    if (bool(repo.spec, "skipTLSVerify") === true) args.push("--insecure-skip-tls-verify");
    const { username, password } = credentials(repo, env);
    let input;
    if (username !== "" && password !== "") {
      args.push("--username", username, "--password-stdin");
      input = `${password}
`;
    }
    logger.info(`Adding repo ${repo.name} ${repo.url}`);
    const r = await runner.run(helm2.path, args, { env, ...input === void 0 ? {} : { input } });
    if (r.exitCode !== 0) {
      throw new RenderError(
        "HELM_REPO_ADD_FAILED",
        `adding repository ${repo.name} (${repo.url}) failed: helm ${args.join(" ")}: ${r.stderr.trim()}`,
        {
          found: r.stderr.trim()
        }
      );
    }
    const out = r.stdout.replace(/\n+$/, "");
    if (out !== "") logger.info(out);
  }
}
function credentials(repo, env) {
  const prefix = repo.name.replace(/-/g, "_").toUpperCase();
  return {
    username: str(repo.spec, "username") || env[`${prefix}_USERNAME`] || "",
    password: str(repo.spec, "password") || env[`${prefix}_PASSWORD`] || ""
  };
}

// src/render/plan-releases.ts
function planReleases(releases) {
  const byId = /* @__PURE__ */ new Map();
  for (const r of releases) byId.set(r.id, r);
  const pending = new Set(releases);
  const done = /* @__PURE__ */ new Set();
  const out = [];
  while (pending.size > 0) {
    const batch = [...pending].filter(
      (r) => r.needs.every((n) => {
        const dep = byId.get(n);
        return dep === void 0 || dep === r || done.has(dep);
      })
    );
    if (batch.length === 0) {
      const names = [...pending].map((r) => r.id).join(", ");
      throw new RenderError("NEEDS_CYCLE", `releases depend on each other in a cycle: ${names}`, {
        found: names
      });
    }
    for (const r of batch) {
      pending.delete(r);
      done.add(r);
      out.push(r);
    }
  }
  return out;
}

// src/render/prepare-charts.ts
var import_node_path2 = require("node:path");
var import_yaml = require("yaml");

// src/render/chart-ref.ts
var import_node_path = require("node:path");
function isLocalChart(chart) {
  if (chart === "") return true;
  if (chart.startsWith("/") || chart.startsWith("./") || chart.startsWith("../") || chart === "." || chart === "..")
    return true;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(chart)) return false;
  return !chart.includes("/");
}
function normalizeChart(basePath2, chart) {
  if (!isLocalChart(chart) || chart.startsWith("/"))
    return isLocalChart(chart) ? import_node_path.posix.normalize(chart) : chart;
  const joined = import_node_path.posix.join(basePath2, chart);
  const cleaned = import_node_path.posix.normalize(joined);
  if (import_node_path.posix.isAbsolute(basePath2)) return import_node_path.posix.resolve("/", cleaned);
  return cleaned.endsWith("/") && cleaned.length > 1 ? cleaned.slice(0, -1) : cleaned;
}
function isOciChart(chart) {
  return chart.startsWith("oci://");
}

// src/render/prepare-charts.ts
async function prepareCharts(releases, options, fs, runner, logger) {
  const out = /* @__PURE__ */ new Map();
  const built = /* @__PURE__ */ new Set();
  for (const r of releases) {
    const chart = resolveChart(r, fs, options.repositories ?? []);
    out.set(r, chart);
    if (isOciChart(chart.chartArg)) rejectLatest(r);
    if (!chart.isLocal || skipDepsFor(r, options)) continue;
    logger.info(`Building dependency release=${r.name}, chart=${chart.displayChart}`);
    if (built.has(chart.chartArg)) continue;
    built.add(chart.chartArg);
    if (!hasDependencies(chart.chartArg, fs)) continue;
    const args = ["dependency", "build", chart.chartArg];
    if (skipRefreshFor(r, options)) args.push("--skip-refresh");
    const res = await runner.run(options.helm.path, args, { env: options.env });
    if (res.exitCode !== 0) {
      throw new RenderError(
        "HELM_DEPENDENCY_BUILD_FAILED",
        `release "${r.name}": building dependencies of local chart ${chart.displayChart} failed: helm ${args.join(" ")}
${res.stderr.trim()}`,
        { file: r.stateFile, found: res.stderr.trim() }
      );
    }
    const text = res.stdout.replace(/\n+$/, "");
    if (text !== "") logger.info(text);
  }
  return out;
}
function resolveChart(r, fs, repositories2 = []) {
  const abs = r.chartPath ?? (r.chart.includes("://") ? void 0 : import_node_path2.posix.resolve(r.baseDir, r.chart));
  const isLocal = abs !== void 0 && fs.isDirectory(abs);
  if (!isLocal)
    return {
      chartArg: ociQualified(r.chart, repositories2),
      displayChart: redactUrl(r.chart),
      isLocal: false
    };
  const display = r.chart.startsWith("/") ? import_node_path2.posix.normalize(r.chart) : normalizeChart(".", r.chart);
  return { chartArg: abs, displayChart: display.replace(/\/$/, "") || ".", isLocal: true };
}
function redactUrl(chart) {
  return chart.replace(/^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)[^/@]*@/, "$1***@");
}
function ociQualified(chart, repositories2) {
  const slash = chart.indexOf("/");
  if (slash <= 0 || chart.includes("://")) return chart;
  const repo = repositories2.find((x) => x.name === chart.slice(0, slash));
  if (repo === void 0 || !repo.oci) return chart;
  const base = repo.url.replace(/^oci:\/\//, "").replace(/\/+$/, "");
  return `oci://${base}/${chart.slice(slash + 1)}`;
}
function skipDepsFor(r, o) {
  const own = bool(r.spec, "skipDeps");
  return o.skipDeps || r.skipDeps || own === true || own === void 0 && bool(o.helmDefaults, "skipDeps") === true;
}
function skipRefreshFor(r, o) {
  const own = bool(r.spec, "skipRefresh");
  return o.skipRefresh || own === true || own === void 0 && bool(o.helmDefaults, "skipRefresh") === true;
}
function rejectLatest(r) {
  const version = (str(r.spec, "version") ?? r.version ?? "").split("@")[0];
  if (version === "latest") {
    throw new RenderError(
      "OCI_VERSION_LATEST",
      `release "${r.name}": the version for OCI charts should be semver compliant, the latest tag is not supported`,
      {
        file: r.stateFile,
        keyPath: ["releases", r.name, "version"],
        expected: "a semver version or none",
        found: "latest"
      }
    );
  }
}
function hasDependencies(chartDir, fs) {
  if (fs.isFile(import_node_path2.posix.join(chartDir, "requirements.yaml"))) return true;
  const chartYaml = import_node_path2.posix.join(chartDir, "Chart.yaml");
  if (!fs.isFile(chartYaml)) return true;
  try {
    const doc = (0, import_yaml.parse)(fs.readFile(chartYaml));
    if (typeof doc !== "object" || doc === null) return true;
    const deps = doc.dependencies;
    return Array.isArray(deps) && deps.length > 0;
  } catch {
    return true;
  }
}

// src/render/render-cache.ts
var import_node_crypto = require("node:crypto");
var import_node_path3 = require("node:path");
function hashParts(parts) {
  const h = (0, import_node_crypto.createHash)("sha256");
  for (const p of parts) {
    h.update(`${Buffer.byteLength(p)}:`);
    h.update(p);
  }
  return h.digest("hex");
}
var RenderCache = class {
  constructor(options, fs, scratch) {
    this.fs = fs;
    this.scratch = scratch;
    this.dir = options.dir;
    this.maxBytes = Math.max(1024, (options.maxMegabytes ?? 256) * 1024 * 1024);
  }
  fs;
  scratch;
  dir;
  maxBytes;
  /** True after a `put`: only then can the cache have outgrown its bound. */
  grown = false;
  pathOf(key) {
    return import_node_path3.posix.join(this.dir, key.slice(0, 2), `${key}.yaml`);
  }
  /** The cached manifest, or undefined. A hit refreshes the entry's mtime. */
  get(key) {
    const path = this.pathOf(key);
    if (!this.fs.isFile(path)) return void 0;
    try {
      const text = this.fs.readFile(path);
      this.scratch.touch(path);
      return text;
    } catch {
      return void 0;
    }
  }
  /** Stores a manifest atomically. Failures are ignored: the cache is an optimisation. */
  put(key, manifest) {
    const path = this.pathOf(key);
    const tmp = `${path}.${(0, import_node_crypto.randomBytes)(6).toString("hex")}.tmp`;
    try {
      this.scratch.makeDir(import_node_path3.posix.dirname(path));
      this.scratch.writeFile(tmp, manifest, 384);
      this.scratch.rename(tmp, path);
      this.grown = true;
    } catch {
      this.scratch.remove(tmp);
    }
  }
  /** Evicts the oldest entries until the cache fits its size bound. */
  prune() {
    if (!this.grown) return;
    this.grown = false;
    const entries = this.scratch.listFilesRecursive(this.dir).filter((f) => f.endsWith(".yaml")).map((f) => {
      const path = import_node_path3.posix.join(this.dir, f);
      const s = this.scratch.stat(path);
      return { path, size: s?.size ?? 0, mtime: s?.mtimeMs ?? 0 };
    });
    let total = entries.reduce((n, e) => n + e.size, 0);
    if (total <= this.maxBytes) return;
    entries.sort((a, b) => a.mtime - b.mtime);
    for (const e of entries) {
      if (total <= this.maxBytes) break;
      this.scratch.remove(e.path);
      total -= e.size;
    }
  }
};

// src/render/render-release.ts
var import_node_crypto3 = require("node:crypto");
var import_node_path5 = require("node:path");

// src/render/path-templates.ts
var import_node_crypto2 = require("node:crypto");
var import_node_path4 = require("node:path");

// src/template/errors.ts
var TEMPLATE_CODES = {
  parse: "TEMPLATE_PARSE",
  exec: "TEMPLATE_EXEC",
  call: "TEMPLATE_FUNC_ERROR",
  depth: LIMIT_CODES.templateDepth,
  output: LIMIT_CODES.outputSize,
  missingKey: "TEMPLATE_MISSING_KEY"
};
var GoTemplateError = class extends TemplateError {
  /** The innermost message, e.g. `error calling index: index out of range: 5`. */
  innermost;
  constructor(init) {
    super(init.code, init.innermost, {
      ...init.file === void 0 ? {} : { file: init.file },
      ...init.line === void 0 ? {} : { line: init.line },
      ...init.column === void 0 ? {} : { column: init.column },
      ...init.cause === void 0 ? {} : { cause: init.cause }
    });
    this.innermost = init.innermost;
    this.message = init.goMessage;
  }
};
function parseError(parseName, line, msg) {
  return new GoTemplateError({
    code: TEMPLATE_CODES.parse,
    goMessage: `template: ${parseName}:${line}: ${msg}`,
    innermost: msg,
    file: parseName,
    line
  });
}

// src/template/parse/quote.ts
function isGoPrint(ch2) {
  return ch2 === " " || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch2);
}
function formatRuneU(c) {
  const cp = c.codePointAt(0) ?? 0;
  const hex = cp.toString(16).toUpperCase().padStart(4, "0");
  return isGoPrint(c) ? `U+${hex} '${c}'` : `U+${hex}`;
}
function goQuote(s, ascii = false) {
  let out = '"';
  for (const ch2 of s) {
    const cp = ch2.codePointAt(0);
    if (ch2 === '"') out += '\\"';
    else if (ch2 === "\\") out += "\\\\";
    else if (cp >= 56448 && cp <= 56575) out += `\\x${(cp - 56320).toString(16).padStart(2, "0")}`;
    else if (cp >= 55296 && cp <= 57343) out += "\\ufffd";
    else if (cp === 7) out += "\\a";
    else if (cp === 8) out += "\\b";
    else if (cp === 12) out += "\\f";
    else if (cp === 10) out += "\\n";
    else if (cp === 13) out += "\\r";
    else if (cp === 9) out += "\\t";
    else if (cp === 11) out += "\\v";
    else if (cp < 32 || cp === 127) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp < 127 || !ascii && isGoPrint(ch2)) out += ch2;
    else if (cp < 65536) out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else out += `\\U${cp.toString(16).padStart(8, "0")}`;
  }
  return `${out}"`;
}

// src/template/parse/nodes.ts
function nodeString(n) {
  switch (n.type) {
    case "text":
      return goQuote(n.text);
    case "list":
      return n.nodes.map(nodeString).join("");
    case "action":
      return `{{${nodeString(n.pipe)}}}`;
    case "comment":
      return `{{${n.text}}}`;
    case "break":
      return "{{break}}";
    case "continue":
      return "{{continue}}";
    case "if":
    case "range":
    case "with": {
      let s = `{{${n.type} ${nodeString(n.pipe)}}}${nodeString(n.list)}`;
      if (n.elseList !== void 0) s += `{{else}}${nodeString(n.elseList)}`;
      return `${s}{{end}}`;
    }
    case "template":
      return n.pipe === void 0 ? `{{template ${goQuote(n.name)}}}` : `{{template ${goQuote(n.name)} ${nodeString(n.pipe)}}}`;
    case "pipe": {
      let s = "";
      if (n.decl.length > 0) s = `${n.decl.map(nodeString).join(", ")} ${n.isAssign ? "=" : ":="} `;
      return s + n.cmds.map(nodeString).join(" | ");
    }
    case "command":
      return n.args.map((a) => a.type === "pipe" ? `(${nodeString(a)})` : nodeString(a)).join(" ");
    case "field":
      return n.ident.map((i) => `.${i}`).join("");
    case "variable":
      return n.ident.join(".");
    case "chain": {
      const head = n.node.type === "pipe" ? `(${nodeString(n.node)})` : nodeString(n.node);
      return head + n.field.map((f) => `.${f}`).join("");
    }
    case "identifier":
      return n.ident;
    case "dot":
      return ".";
    case "nil":
      return "nil";
    case "bool":
      return n.value ? "true" : "false";
    case "string":
      return n.quoted;
    case "number":
      return n.text;
  }
}

// src/template/types.ts
var GoNumber = class _GoNumber {
  constructor(kind, value) {
    this.kind = kind;
    this.value = value;
  }
  kind;
  value;
  /** An `int64` (sprig's math functions return these). */
  static int64(v) {
    return new _GoNumber("int64", typeof v === "bigint" ? BigInt.asIntN(64, v) : BigInt(Math.trunc(v)));
  }
};
var GoStruct = class {
  constructor(typeName2, fields, methods = /* @__PURE__ */ new Map(), pointer = false) {
    this.typeName = typeName2;
    this.fields = fields;
    this.methods = methods;
    this.pointer = pointer;
  }
  typeName;
  fields;
  methods;
  pointer;
};
var GoTime = class {
  constructor(unixNanos, offsetSeconds = 0, zoneName = "UTC") {
    this.unixNanos = unixNanos;
    this.offsetSeconds = offsetSeconds;
    this.zoneName = zoneName;
  }
  unixNanos;
  offsetSeconds;
  zoneName;
};
var GoComplex = class {
  constructor(re, im) {
    this.re = re;
    this.im = im;
  }
  re;
  im;
};
var GoFunc = class {
  constructor(spec) {
    this.spec = spec;
  }
  spec;
};
var SLICE_TYPE = /* @__PURE__ */ Symbol("goSliceType");
var MAP_TYPE = /* @__PURE__ */ Symbol("goMapType");
function newGoMap() {
  return /* @__PURE__ */ Object.create(null);
}
function typedSlice(items, elemType) {
  Object.defineProperty(items, SLICE_TYPE, { value: elemType, enumerable: false });
  return items;
}
function typedMap(map, elemType) {
  Object.defineProperty(map, MAP_TYPE, { value: elemType, enumerable: false });
  return map;
}
function sliceElemType(items) {
  return items[SLICE_TYPE] ?? "interface {}";
}
function mapElemType(map) {
  return map[MAP_TYPE] ?? "interface {}";
}
function isGoMap(v) {
  if (typeof v !== "object" || v === null || Array.isArray(v) || v instanceof Uint8Array) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype;
}
function kindOf(v) {
  if (v === null || v === void 0) return "invalid";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "string":
      return "string";
    case "bigint":
      return "int";
    case "number":
      return "float64";
    default:
      break;
  }
  if (v instanceof GoNumber) return v.kind;
  if (Array.isArray(v) || v instanceof Uint8Array) return "slice";
  if (v instanceof GoStruct) return v.pointer ? "ptr" : "struct";
  if (v instanceof GoTime) return "struct";
  if (v instanceof GoFunc) return "func";
  if (v instanceof GoComplex) return "complex128";
  return "map";
}
function typeName(v) {
  if (v === null || v === void 0) return "<nil>";
  if (v instanceof GoStruct) return (v.pointer ? "*" : "") + v.typeName;
  if (v instanceof GoTime) return "time.Time";
  if (v instanceof GoFunc) return "func(...)";
  if (v instanceof GoComplex) return "complex128";
  if (v instanceof Uint8Array) return "[]uint8";
  if (Array.isArray(v)) return `[]${sliceElemType(v)}`;
  const k = kindOf(v);
  if (k === "map") return `map[string]${mapElemType(v)}`;
  return k;
}
function isTrue(v) {
  if (v === null || v === void 0) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "string") return v.length > 0;
  if (typeof v === "bigint") return v !== 0n;
  if (typeof v === "number") return v !== 0;
  if (v instanceof GoNumber) return v.value !== 0n && v.value !== 0;
  if (v instanceof GoComplex) return v.re !== 0 || v.im !== 0;
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length > 0;
  if (v instanceof GoStruct || v instanceof GoTime || v instanceof GoFunc) return true;
  return Object.keys(v).length > 0;
}
function mergeFuncMaps(...maps) {
  const out = /* @__PURE__ */ new Map();
  for (const m of maps) for (const [k, v] of m) out.set(k, v);
  return out;
}
function fn(params, impl, variadic = false) {
  return variadic ? { params, impl, variadic } : { params, impl };
}
var FuncError = class extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = "FuncError";
  }
};
function goStringFromBytes(bytes) {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const need = b < 128 ? 0 : b >= 194 && b <= 223 ? 1 : b >= 224 && b <= 239 ? 2 : b >= 240 && b <= 244 ? 3 : -1;
    let cp = need === 0 ? b : need === 1 ? b & 31 : need === 2 ? b & 15 : b & 7;
    let ok = need >= 0 && i + need < bytes.length;
    for (let j = 1; ok && j <= need; j++) {
      const c = bytes[i + j];
      if (c === void 0 || (c & 192) !== 128) ok = false;
      else cp = cp << 6 | c & 63;
    }
    if (ok && (need === 2 && (cp < 2048 || cp >= 55296 && cp <= 57343) || need === 3 && (cp < 65536 || cp > 1114111)))
      ok = false;
    if (ok) {
      out += String.fromCodePoint(cp);
      i += need + 1;
    } else {
      out += String.fromCharCode(56320 + b);
      i += 1;
    }
  }
  return out;
}
function goStringToBytes(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) out.push(c);
    else if (c < 2048) out.push(192 | c >> 6, 128 | c & 63);
    else if (c >= 55296 && c <= 56319 && i + 1 < s.length && (s.charCodeAt(i + 1) & 64512) === 56320) {
      const cp = 65536 + (c - 55296 << 10) + (s.charCodeAt(i + 1) - 56320);
      out.push(240 | cp >> 18, 128 | cp >> 12 & 63, 128 | cp >> 6 & 63, 128 | cp & 63);
      i++;
    } else if (c >= 56448 && c <= 56575) out.push(c - 56320);
    else if (c >= 55296 && c <= 57343)
      out.push(239, 191, 189);
    else out.push(224 | c >> 12, 128 | c >> 6 & 63, 128 | c & 63);
  }
  return Uint8Array.from(out);
}
function goByteLength(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) n += 1;
    else if (c < 2048) n += 2;
    else if (c >= 55296 && c <= 56319 && i + 1 < s.length && (s.charCodeAt(i + 1) & 64512) === 56320) {
      n += 4;
      i++;
    } else if (c >= 56448 && c <= 56575) n += 1;
    else n += 3;
  }
  return n;
}
function isStackExhausted(e) {
  return e instanceof RangeError && e.message.startsWith("Maximum call stack");
}

// src/template/fmt/float.ts
function exactDigits(f) {
  if (f === 0) return { d: "", dp: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, f);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const expBits = hi >>> 20 & 2047;
  let mant = BigInt(hi & 1048575) << 32n | BigInt(lo);
  let exp;
  if (expBits === 0) exp = -1074;
  else {
    mant |= 1n << 52n;
    exp = expBits - 1075;
  }
  let digits;
  let dp;
  if (exp >= 0) {
    digits = (mant << BigInt(exp)).toString();
    dp = digits.length;
  } else {
    digits = (mant * 5n ** BigInt(-exp)).toString();
    dp = digits.length + exp;
  }
  return trim({ d: digits, dp });
}
function trim(x) {
  let d = x.d;
  let lead = 0;
  while (lead < d.length && d[lead] === "0") lead++;
  d = d.slice(lead);
  const dp = x.dp - lead;
  d = d.replace(/0+$/, "");
  return d === "" ? { d: "", dp: 0 } : { d, dp };
}
function roundDigits(x, nd) {
  if (nd < 0) return { d: "", dp: 0 };
  if (nd >= x.d.length) return x;
  const next = x.d.charCodeAt(nd) - 48;
  let up;
  if (next === 5 && nd + 1 === x.d.length) up = nd > 0 && (x.d.charCodeAt(nd - 1) - 48) % 2 === 1;
  else up = next >= 5;
  let d = x.d.slice(0, nd);
  let dp = x.dp;
  if (up) {
    const n = d === "" ? 1n : BigInt(d) + 1n;
    const s = n.toString();
    if (s.length > d.length) dp++;
    d = s.length > nd && nd > 0 ? s.slice(0, nd) : s;
  }
  return trim({ d, dp });
}
function shortestDigits(f, bitSize) {
  if (f === 0) return { d: "", dp: 0 };
  if (bitSize === 32) {
    for (let p = 1; p <= 9; p++) {
      const s = f.toPrecision(p);
      if (Math.fround(Number(s)) === f) return parseExp(Number(s).toExponential());
    }
  }
  return parseExp(f.toExponential());
}
function parseExp(s) {
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (m === null) return { d: "", dp: 0 };
  return trim({ d: (m[1] ?? "") + (m[2] ?? ""), dp: Number(m[3]) + 1 });
}
function fmtE(neg, x, prec, ch2) {
  let s = neg ? "-" : "";
  s += x.d.length === 0 ? "0" : x.d[0];
  if (prec > 0) {
    s += ".";
    for (let i = 1; i <= prec; i++) s += x.d[i] ?? "0";
  }
  const exp = x.d.length === 0 ? 0 : x.dp - 1;
  const abs = Math.abs(exp);
  return `${s}${ch2}${exp < 0 ? "-" : "+"}${abs < 10 ? `0${abs}` : String(abs)}`;
}
function fmtF(neg, x, prec) {
  let s = neg ? "-" : "";
  if (x.dp > 0) {
    for (let i = 0; i < x.dp; i++) s += x.d[i] ?? "0";
  } else s += "0";
  if (prec > 0) {
    s += ".";
    for (let i = 1; i <= prec; i++) {
      const j = x.dp + i - 1;
      s += j >= 0 && j < x.d.length ? x.d[j] : "0";
    }
  }
  return s;
}
function formatFloat(f, fmt, prec, bitSize = 64) {
  if (Number.isNaN(f)) return "NaN";
  if (f === Infinity) return "+Inf";
  if (f === -Infinity) return "-Inf";
  const neg = f < 0 || Object.is(f, -0);
  const a = Math.abs(f);
  const shortest = prec < 0;
  const lower = fmt.toLowerCase();
  let x;
  if (shortest) {
    x = shortestDigits(a, bitSize);
    if (lower === "e") prec = Math.max(x.d.length - 1, 0);
    else if (lower === "f") prec = Math.max(x.d.length - x.dp, 0);
    else prec = x.d.length;
  } else {
    const ex = exactDigits(a);
    if (lower === "e") x = roundDigits(ex, prec + 1);
    else if (lower === "f") x = roundDigits(ex, ex.dp + prec);
    else {
      if (prec === 0) prec = 1;
      x = roundDigits(ex, prec);
    }
  }
  if (lower === "e") return fmtE(neg, x, prec, fmt === "E" ? "E" : "e");
  if (lower === "f") return fmtF(neg, x, prec);
  let eprec = prec;
  if (eprec > x.d.length && x.d.length >= x.dp) eprec = x.d.length;
  if (shortest) eprec = 6;
  const exp = x.dp - 1;
  if (x.d.length > 0 && (exp < -4 || exp >= eprec)) {
    if (prec > x.d.length) prec = x.d.length;
    return fmtE(neg, x, prec - 1, fmt === "G" ? "E" : "e");
  }
  if (prec > x.dp) prec = x.d.length;
  return fmtF(neg, x, Math.max(prec - x.dp, 0));
}
var M64 = (1n << 64n) - 1n;
function formatHexFloat(f, fmt, prec) {
  if (!Number.isFinite(f)) return formatFloat(f, "g", -1);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, f);
  const bits = view.getBigUint64(0);
  const neg = bits >> 63n === 1n;
  let exp = Number(bits >> 52n & 0x7ffn);
  let mant = bits & (1n << 52n) - 1n;
  if (exp === 0) exp++;
  else mant |= 1n << 52n;
  exp -= 1023;
  if (mant === 0n) exp = 0;
  mant = mant << 8n & M64;
  while (mant !== 0n && (mant & 1n << 60n) === 0n) {
    mant = mant << 1n & M64;
    exp--;
  }
  if (prec >= 0 && prec < 15) {
    const shift = BigInt(prec * 4);
    const extra = mant << shift & (1n << 60n) - 1n;
    mant >>= 60n - shift;
    if ((extra | mant & 1n) > 1n << 59n) mant++;
    mant = mant << 60n - shift & M64;
    if ((mant & 1n << 61n) !== 0n) {
      mant >>= 1n;
      exp++;
    }
  }
  const hex = fmt === "X" ? "0123456789ABCDEF" : "0123456789abcdef";
  let s = `${neg ? "-" : ""}0${fmt}${mant >> 60n & 1n}`;
  mant = mant << 4n & M64;
  if (prec < 0 && mant !== 0n || prec > 0) {
    s += ".";
    for (let i = 0; prec < 0 ? mant !== 0n : i < prec; i++) {
      s += hex[Number(mant >> 60n & 15n)];
      mant = mant << 4n & M64;
    }
  }
  const a = Math.abs(exp);
  return `${s}${fmt === "X" ? "P" : "p"}${exp < 0 ? "-" : "+"}${a < 10 ? `0${a}` : String(a)}`;
}

// src/template/fmt/float-verb.ts
function formatBinaryFloat(v, bits) {
  const view = new DataView(new ArrayBuffer(8));
  let neg;
  let mant;
  let exp;
  if (bits === 32) {
    view.setFloat32(0, v);
    const b = view.getUint32(0);
    neg = b >>> 31 === 1;
    exp = b >>> 23 & 255;
    mant = BigInt(b & 8388607);
    if (exp === 0) exp++;
    else mant |= 1n << 23n;
    exp += -127 - 23;
  } else {
    view.setFloat64(0, v);
    const b = view.getBigUint64(0);
    neg = b >> 63n === 1n;
    exp = Number(b >> 52n & 0x7ffn);
    mant = b & (1n << 52n) - 1n;
    if (exp === 0) exp++;
    else mant |= 1n << 52n;
    exp += -1023 - 52;
  }
  return `${neg ? "-" : ""}${mant}p${exp >= 0 ? "+" : ""}${exp}`;
}
function applySharp(num2, verb, prec) {
  let digits = 0;
  if ("vgGx".includes(verb)) digits = prec === -1 ? 6 : prec;
  let tail = "";
  let body = num2;
  let hasPoint = false;
  let sawNonzero = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === ".") hasPoint = true;
    else if (c === "p" || c === "P" || (c === "e" || c === "E") && verb !== "x" && verb !== "X") {
      tail = body.slice(i);
      body = body.slice(0, i);
      break;
    } else {
      if (c !== "0") sawNonzero = true;
      if (sawNonzero) digits--;
    }
  }
  if (!hasPoint) {
    if (body === "0") digits--;
    body += ".";
  }
  while (digits > 0) {
    body += "0";
    digits--;
  }
  return body + tail;
}
function padSpaces(s, f) {
  if (f.wid === void 0) return s;
  const n = [...s].length;
  if (n >= f.wid) return s;
  return f.minus ? s + " ".repeat(f.wid - n) : " ".repeat(f.wid - n) + s;
}
function fmtFloat(v, bits, verb, f) {
  let fmtc;
  let prec;
  switch (verb) {
    case "v":
      [fmtc, prec] = ["g", -1];
      break;
    case "b":
    case "g":
    case "G":
    case "x":
    case "X":
      [fmtc, prec] = [verb, -1];
      break;
    case "e":
    case "E":
    case "f":
      [fmtc, prec] = [verb, 6];
      break;
    case "F":
      [fmtc, prec] = ["f", 6];
      break;
    default:
      return void 0;
  }
  if (f.prec !== void 0) prec = f.prec;
  let num2;
  if (fmtc === "b") num2 = formatBinaryFloat(v, bits);
  else if (fmtc === "x" || fmtc === "X") num2 = formatHexFloat(v, fmtc, prec);
  else num2 = formatFloat(v, fmtc, prec, bits);
  let sign2 = "+";
  if (num2.startsWith("-") || num2.startsWith("+")) {
    sign2 = num2[0];
    num2 = num2.slice(1);
  }
  if (f.space && sign2 === "+" && !f.plus) sign2 = " ";
  if (num2 === "Inf" || num2 === "NaN") {
    const shown = num2 === "NaN" && !f.space && !f.plus ? "" : sign2;
    return padSpaces(shown + num2, f);
  }
  if (f.sharp && verb !== "b") num2 = applySharp(num2, verb === "v" ? "g" : verb, prec);
  if (f.plus || sign2 !== "+") {
    if (f.zero && !f.minus && f.wid !== void 0 && f.wid > num2.length + 1) {
      return sign2 + "0".repeat(f.wid - num2.length - 1) + num2;
    }
    return padSpaces(sign2 + num2, f);
  }
  if (f.zero && !f.minus && f.wid !== void 0 && f.wid > num2.length)
    return "0".repeat(f.wid - num2.length) + num2;
  return padSpaces(num2, f);
}
function fmtComplex(re, im, verb, f) {
  const r = fmtFloat(re, 64, verb, f);
  if (r === void 0) return void 0;
  return `(${r}${fmtFloat(im, 64, verb, { ...f, plus: true }) ?? ""}i)`;
}

// src/template/fmt/strings.ts
var goQuoteString = goQuote;
function padString(s, f) {
  if (f.wid === void 0) return s;
  const n = [...s].length;
  if (n >= f.wid) return s;
  if (f.minus) return s + " ".repeat(f.wid - n);
  return (f.zero ? "0" : " ").repeat(f.wid - n) + s;
}
function truncate(s, f) {
  if (f.prec === void 0) return s;
  const runes = [...s];
  return runes.length > f.prec ? runes.slice(0, f.prec).join("") : s;
}
function canBackquote(s) {
  return !/[`\x00-\x08\x0a-\x1f\x7f\ufeff]/.test(s) && !/[\udc80-\udcff]/.test(s);
}
function hexString(s, verb, f) {
  let bytes = goStringToBytes(s);
  if (f.prec !== void 0 && bytes.length > f.prec) bytes = bytes.slice(0, f.prec);
  const digits = verb === "X" ? "0123456789ABCDEF" : "0123456789abcdef";
  const prefix = verb === "X" ? "0X" : "0x";
  let out = "";
  bytes.forEach((b, i) => {
    if (f.space && i > 0) out += " ";
    if (f.sharp && (f.space || i === 0)) out += prefix;
    out += (digits[b >> 4] ?? "") + (digits[b & 15] ?? "");
  });
  return padString(out, f);
}
function fmtStringVerb(s, verb, f) {
  switch (verb) {
    case "v":
      if (f.sharp) return padString(goQuoteString(s), f);
      return padString(truncate(s, f), f);
    case "s":
      return padString(truncate(s, f), f);
    case "x":
    case "X":
      return hexString(s, verb, f);
    case "q": {
      const t = truncate(s, f);
      if (f.sharp && canBackquote(t)) return padString(`\`${t}\``, f);
      return padString(goQuoteString(t, f.plus), f);
    }
    default:
      return void 0;
  }
}

// src/template/fmt/integer.ts
var MAX_U64 = (1n << 64n) - 1n;
function formatInteger(v, unsigned, verb, f) {
  switch (verb) {
    case "v":
    case "d":
      return fmtInt(v, 10, verb, f);
    case "b":
      return fmtInt(v, 2, verb, f);
    case "o":
    case "O":
      return fmtInt(v, 8, verb, f);
    case "x":
    case "X":
      return fmtInt(v, 16, verb, f);
    case "c":
      return padRunes(runeString(v), f);
    case "q":
      if (v < 0n || v > 0x10ffffn) return void 0;
      return padRunes(quoteRune(runeOf(v), f.plus), f);
    case "U":
      return fmtUnicode(v, f);
    default:
      void unsigned;
      return void 0;
  }
}
function padRunes(s, f) {
  if (f.wid === void 0) return s;
  const count = [...s].length;
  if (count >= f.wid) return s;
  if (f.minus) return s + " ".repeat(f.wid - count);
  return (f.zero ? "0" : " ").repeat(f.wid - count) + s;
}
function padSpaces2(s, f) {
  if (f.wid === void 0) return s;
  const n = [...s].length;
  if (n >= f.wid) return s;
  return f.minus ? s + " ".repeat(f.wid - n) : " ".repeat(f.wid - n) + s;
}
function runeOf(v) {
  if (v < 0n || v > 0x10ffffn || v >= 0xd800n && v <= 0xdfffn) return 65533;
  return Number(v);
}
function runeString(v) {
  return String.fromCodePoint(runeOf(v));
}
function quoteRune(cp, ascii = false) {
  const ch2 = String.fromCodePoint(cp);
  if (ch2 === "'") return "'\\''";
  if (ch2 === '"') return `'"'`;
  const q = goQuoteString(ch2, ascii);
  return `'${q.slice(1, -1)}'`;
}
function fmtInt(v, base, verb, f) {
  const negative = v < 0n;
  const u = negative ? -v : v;
  if (f.prec !== void 0 && f.prec === 0 && u === 0n) return f.wid === void 0 ? "" : " ".repeat(f.wid);
  let prec = f.prec ?? 0;
  if (f.prec === void 0 && f.zero && !f.minus && f.wid !== void 0) {
    prec = f.wid;
    if (negative || f.plus || f.space) prec--;
  }
  let digits = (u > MAX_U64 ? u & MAX_U64 : u).toString(base);
  if (verb === "X") digits = digits.toUpperCase();
  if (digits.length < prec) digits = "0".repeat(prec - digits.length) + digits;
  if (f.sharp) {
    if (base === 2) digits = `0b${digits}`;
    else if (base === 8 && digits[0] !== "0") digits = `0${digits}`;
    else if (base === 16) digits = (verb === "X" ? "0X" : "0x") + digits;
  }
  if (verb === "O") digits = `0o${digits}`;
  if (negative) digits = `-${digits}`;
  else if (f.plus) digits = `+${digits}`;
  else if (f.space) digits = ` ${digits}`;
  return padSpaces2(digits, f);
}
function fmtUnicode(v, f) {
  let hex = (v < 0n ? v & MAX_U64 : v).toString(16).toUpperCase();
  const prec = Math.max(f.prec ?? 4, 4);
  if (hex.length < prec) hex = "0".repeat(prec - hex.length) + hex;
  let s = `U+${hex}`;
  if (f.sharp && v >= 0n && v <= 0x10ffffn) {
    const ch2 = String.fromCodePoint(Number(v));
    if (/^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch2) || ch2 === " ") s += ` '${ch2}'`;
  }
  return padSpaces2(s, f);
}

// src/template/fmt/time-string.ts
var NS_PER_S = 1000000000n;
function civil(t) {
  const local = t.unixNanos + BigInt(t.offsetSeconds) * NS_PER_S;
  let secs = local / NS_PER_S;
  let nanos = local % NS_PER_S;
  if (nanos < 0n) {
    nanos += NS_PER_S;
    secs -= 1n;
  }
  let days = secs / 86400n;
  let rem = secs % 86400n;
  if (rem < 0n) {
    rem += 86400n;
    days -= 1n;
  }
  const d = new Date(Number(days) * 864e5);
  const r = Number(rem);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: Math.floor(r / 3600),
    minute: Math.floor(r % 3600 / 60),
    second: r % 60,
    nanos: Number(nanos),
    weekday: d.getUTCDay(),
    yearDay: Math.floor((d.getTime() - start) / 864e5) + 1
  };
}
function two(n) {
  return String(n).padStart(2, "0");
}
function zoneOffset(offsetSeconds) {
  const sign2 = offsetSeconds < 0 ? "-" : "+";
  const a = Math.abs(offsetSeconds);
  return `${sign2}${two(Math.floor(a / 3600))}${two(Math.floor(a % 3600 / 60))}`;
}
function timeString(t) {
  const c = civil(t);
  const year = c.year < 0 ? `-${String(-c.year).padStart(4, "0")}` : String(c.year).padStart(4, "0");
  let frac = "";
  if (c.nanos !== 0) frac = `.${String(c.nanos).padStart(9, "0").replace(/0+$/, "")}`;
  return `${year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}${frac} ${zoneOffset(t.offsetSeconds)} ${t.zoneName}`;
}

// src/template/fmt/sort-keys.ts
var SURROGATE = /[\ud800-\udfff]/;
function compareKeys(a, b) {
  if (a === b) return 0;
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(goStringToBytes(a), goStringToBytes(b));
}

// src/template/fmt/go-syntax.ts
function goSyntax(v, depth) {
  if (v === null) return depth === 0 ? "<nil>" : "interface {}(nil)";
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "string":
      return goQuoteString(v);
    case "bigint":
      return v.toString();
    case "number":
      return formatFloat(v, "g", -1);
    default:
      break;
  }
  if (v instanceof GoNumber) {
    if (v.kind === "float32") return formatFloat(v.value, "g", -1, 32);
    return v.kind.startsWith("u") ? `0x${v.value.toString(16)}` : v.value.toString();
  }
  if (v instanceof GoComplex)
    return `(${formatFloat(v.re, "g", -1)}${v.im < 0 ? "" : "+"}${formatFloat(v.im, "g", -1)}i)`;
  if (v instanceof GoTime) return goQuoteString(timeString(v));
  if (v instanceof Uint8Array) return `[]byte{${[...v].map((b) => `0x${b.toString(16)}`).join(", ")}}`;
  if (Array.isArray(v)) return `${typeName(v)}{${v.map((e) => goSyntax(e, depth + 1)).join(", ")}}`;
  if (v instanceof GoStruct) {
    const fields = [...v.fields].map(([k, x]) => `${k}:${goSyntax(x, depth + 1)}`);
    return `${v.pointer ? "&" : ""}${v.typeName}{${fields.join(", ")}}`;
  }
  if (isGoMap(v)) {
    const keys = Object.keys(v).sort(compareKeys);
    return `${typeName(v)}{${keys.map((k) => `${goQuoteString(k)}:${goSyntax(v[k], depth + 1)}`).join(", ")}}`;
  }
  return typeName(v);
}

// src/template/fmt/printer.ts
function noFlags() {
  return {
    plus: false,
    minus: false,
    sharp: false,
    space: false,
    zero: false,
    wid: void 0,
    prec: void 0
  };
}
function pad(s, f, zeroOk = true) {
  if (f.wid === void 0) return s;
  const n = [...s].length;
  if (n >= f.wid) return s;
  const fill = f.wid - n;
  if (f.minus) return s + " ".repeat(fill);
  return (f.zero && zeroOk ? "0" : " ").repeat(fill) + s;
}
function printArg(arg, verb, f) {
  if (verb === "v" && f.sharpV === true) return pad(goSyntax(arg, 0), f, false);
  if (arg === null) return verb === "T" || verb === "v" ? pad("<nil>", f, false) : badVerb(verb, arg);
  if (verb === "T") return pad(typeName(arg), f, false);
  return printValue(arg, verb, f, 0);
}
function badVerb(verb, arg) {
  if (arg === null) return `%!${verb}(<nil>)`;
  return `%!${verb}(${typeName(arg)}=${printValue(arg, "v", noFlags(), 0)})`;
}
function fmtFloatVerb(v, bits, verb, f, arg) {
  return fmtFloat(v, bits, verb, f) ?? badVerb(verb, arg);
}
function printValue(v, verb, f, depth) {
  if (v === null) return depth > 0 ? pad("<nil>", f, false) : badOrNil(verb, f);
  switch (typeof v) {
    case "boolean":
      return verb === "t" || verb === "v" ? pad(v ? "true" : "false", f, false) : badVerb(verb, v);
    case "string":
      return fmtStringVerb(v, verb, f) ?? badVerb(verb, v);
    case "bigint":
      return formatInteger(v, false, verb, f) ?? badVerb(verb, v);
    case "number":
      return fmtFloatVerb(v, 64, verb, f, v);
    default:
      break;
  }
  if (v instanceof GoNumber) {
    if (v.kind === "float32") return fmtFloatVerb(v.value, 32, verb, f, v);
    return formatInteger(v.value, v.kind.startsWith("u"), verb, f) ?? badVerb(verb, v);
  }
  if (v instanceof GoTime) {
    if ("vsxXq".includes(verb)) return fmtStringVerb(timeString(v), verb, f) ?? badVerb(verb, v);
    return badVerb(verb, v);
  }
  if (v instanceof Uint8Array) {
    if ("sqxX".includes(verb)) return fmtStringVerb(goStringFromBytes(v), verb, f) ?? "";
    return `[${[...v].map((b) => formatInteger(BigInt(b), true, verb, f) ?? badVerb(verb, new GoNumber("uint8", BigInt(b)))).join(" ")}]`;
  }
  if (Array.isArray(v)) return `[${v.map((e) => printValue(e, verb, f, depth + 1)).join(" ")}]`;
  if (v instanceof GoStruct) {
    const text = "vsxXq".includes(verb) ? stringerText(v) : void 0;
    if (text !== void 0) return fmtStringVerb(text, verb, f) ?? badVerb(verb, v);
    return printStruct(v, verb, f, depth);
  }
  if (v instanceof GoFunc) return "0x1";
  if (v instanceof GoComplex) return fmtComplex(v.re, v.im, verb, f) ?? badVerb(verb, v);
  if (isGoMap(v)) return printMap(v, verb, f, depth);
  return "?";
}
function stringerText(v) {
  for (const name of ["Error", "String"]) {
    const m = v.methods.get(name);
    if (m !== void 0 && m.params.length === 0) {
      const out = m.impl([], METHOD_CONTEXT);
      return typeof out === "string" ? out : void 0;
    }
  }
  return void 0;
}
var METHOD_CONTEXT = {
  funcName: "String",
  env: {},
  funcs: /* @__PURE__ */ new Map(),
  missingKey: "default",
  state: /* @__PURE__ */ new Map(),
  hasTemplate: () => false,
  executeTemplate: () => {
    throw new FuncError("templates are not available while printing");
  },
  renderString: () => {
    throw new FuncError("templates are not available while printing");
  }
};
function badOrNil(verb, f) {
  return verb === "v" ? pad("<nil>", f, false) : `%!${verb}(<nil>)`;
}
function printMap(m, verb, f, depth) {
  const keys = Object.keys(m).sort(compareKeys);
  const parts = keys.map(
    (k) => `${printValue(k, verb, f, depth + 1)}:${printValue(m[k], verb, f, depth + 1)}`
  );
  return `map[${parts.join(" ")}]`;
}
function printStruct(s, verb, f, depth) {
  const parts = [];
  for (const [name, val] of s.fields) {
    const shown = printValue(val, verb, f, depth + 1);
    parts.push(f.plusV === true || f.sharpV === true ? `${name}:${shown}` : shown);
  }
  const body = `{${parts.join(" ")}}`;
  return s.pointer && depth === 0 ? `&${body}` : body;
}
function sprint(args) {
  let out = "";
  let prevString = false;
  args.forEach((a, i) => {
    const isString = typeof a === "string";
    if (i > 0 && !isString && !prevString) out += " ";
    out += printArg(a, "v", noFlags());
    prevString = isString;
  });
  return out;
}
function sprintln(args) {
  return `${args.map((a) => printArg(a, "v", noFlags())).join(" ")}
`;
}

// src/template/exec/values.ts
var INVALID = { v: void 0, iface: false };
function rv(v, iface = false) {
  return { v, iface };
}
function staticType(x) {
  if (x.iface || x.v === null) return "interface {}";
  return typeName(x.v);
}
function canBeNil(t) {
  return t === "interface {}" || t === "reflect.Value" || t.startsWith("[]") || t.startsWith("map[");
}
function zeroOf(t) {
  if (t === "reflect.Value") return void 0;
  if (t === "interface {}") return null;
  if (t.startsWith("[]")) return [];
  if (t.startsWith("map[")) return newGoMap();
  return null;
}
function zeroOfElem(elemType) {
  switch (elemType) {
    case "string":
      return "";
    case "int":
      return 0n;
    case "float64":
      return 0;
    case "bool":
      return false;
    default:
      return null;
  }
}
function assignable(v, t) {
  switch (t) {
    case "interface {}":
    case "reflect.Value":
      return true;
    case "string":
      return typeof v === "string";
    case "bool":
      return typeof v === "boolean";
    case "int":
      return typeof v === "bigint";
    case "float64":
      return typeof v === "number";
    case "[]interface {}":
      return Array.isArray(v) && sliceElemType(v) === "interface {}";
    case "[]string":
      return Array.isArray(v) && sliceElemType(v) === "string";
    case "map[string]interface {}":
      return isGoMap(v) && mapElemType(v) === "interface {}";
    case "time.Time":
      return v instanceof GoTime;
    default:
      return v instanceof GoNumber && v.kind === t;
  }
}
function elemIface(container) {
  if (Array.isArray(container)) return sliceElemType(container) === "interface {}";
  if (isGoMap(container)) return mapElemType(container) === "interface {}";
  return false;
}

// src/template/exec/convert.ts
function validateType(value, typ, fail2) {
  const v = value.v;
  if (v === void 0) {
    if (typ === void 0) return void 0;
    if (canBeNil(typ)) return zeroOf(typ);
    return fail2(`invalid value; expected ${typ}`);
  }
  if (typ === void 0 || typ === "reflect.Value" || typ === "interface {}") return v;
  if (v === null) return fail2(`wrong type for value; expected ${typ}; got interface {}`);
  if (!assignable(v, typ)) fail2(`wrong type for value; expected ${typ}; got ${staticType(rv(v))}`);
  return v;
}
function evalConstant(n, typ, fail2, ideal) {
  const found = () => nodeString(n);
  switch (typ) {
    case "bool":
      if (n.type === "bool") return n.value;
      return fail2(`expected bool; found ${found()}`);
    case "float64":
    case "float32":
      if (n.type === "number" && n.num.isFloat)
        return typ === "float64" ? n.num.float64 : new GoNumber("float32", Math.fround(n.num.float64));
      return fail2(`expected float; found ${found()}`);
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
      if (n.type === "number" && n.num.isInt) return typ === "int" ? n.num.int64 : makeInt(typ, n.num.int64);
      return fail2(`expected integer; found ${found()}`);
    case "uint":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr":
      if (n.type === "number" && n.num.isUint) return makeInt(typ, n.num.uint64);
      return fail2(`expected unsigned integer; found ${found()}`);
    case "string":
      if (n.type === "string") return n.text;
      return fail2(`expected string; found ${found()}`);
    case "interface {}":
    case "reflect.Value":
      return evalEmptyInterface(n, fail2, ideal);
    default:
      return fail2(`can't handle ${found()} for arg of type ${typ}`);
  }
}
function evalEmptyInterface(n, fail2, ideal) {
  switch (n.type) {
    case "bool":
      return n.value;
    case "number":
      return ideal(n);
    case "string":
      return n.text;
    default:
      return fail2(`can't handle assignment of ${nodeString(n)} to empty interface argument`);
  }
}
function makeInt(kind, v) {
  const bits = /8$/.test(kind) ? 8 : /16$/.test(kind) ? 16 : /32$/.test(kind) ? 32 : 64;
  const wrapped = kind.startsWith("u") ? BigInt.asUintN(bits, v) : BigInt.asIntN(bits, v);
  return new GoNumber(kind, wrapped);
}

// src/template/funcs/sprig/go-time.ts
var LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December"
];
var LONG_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
var FIXED_PREFIXES = [
  "January",
  "Jan",
  "Monday",
  "Mon",
  "MST",
  "-07:00:00",
  "-070000",
  "-0700",
  "-07:00",
  "-07",
  "Z07:00:00",
  "Z070000",
  "Z0700",
  "Z07:00",
  "Z07"
];
function stdAt(layout, i) {
  const rest = layout.slice(i);
  const c = rest[0];
  if (c === "J" || c === "M" || c === "-" || c === "Z") {
    for (const p of FIXED_PREFIXES) if (rest.startsWith(p)) return { std: p, len: p.length };
    return void 0;
  }
  if (c === "0") {
    if (/^0[1-6]/.test(rest)) return { std: rest.slice(0, 2), len: 2 };
    if (rest.startsWith("002")) return { std: "002", len: 3 };
    return void 0;
  }
  if (c === "1") return rest.startsWith("15") ? { std: "15", len: 2 } : { std: "1", len: 1 };
  if (c === "2") return rest.startsWith("2006") ? { std: "2006", len: 4 } : { std: "2", len: 1 };
  if (c === "_") {
    if (rest.startsWith("_2") && !rest.startsWith("_2006")) return { std: "_2", len: 2 };
    if (rest.startsWith("__2")) return { std: "__2", len: 3 };
    return void 0;
  }
  if (c === "3" || c === "4" || c === "5") return { std: c, len: 1 };
  if (rest.startsWith("PM")) return { std: "PM", len: 2 };
  if (rest.startsWith("pm")) return { std: "pm", len: 2 };
  if ((c === "." || c === ",") && (rest[1] === "0" || rest[1] === "9")) {
    let j = 1;
    while (rest[j] === rest[1]) j++;
    if (!/[0-9]/.test(rest[j] ?? "")) return { std: rest.slice(0, 2), len: j, digits: j - 1 };
  }
  return void 0;
}
function splitLayout(layout) {
  const out = [];
  let lit = "";
  for (let i = 0; i < layout.length; ) {
    const s = stdAt(layout, i);
    if (s === void 0) {
      lit += layout[i];
      i++;
      continue;
    }
    if (lit !== "") out.push({ lit });
    lit = "";
    out.push(s.digits === void 0 ? { std: s.std } : { std: s.std, digits: s.digits });
    i += s.len;
  }
  if (lit !== "") out.push({ lit });
  return out;
}
function civil2(t) {
  const local = t.unixNanos + BigInt(t.offsetSeconds) * 1000000000n;
  let secs = local / 1000000000n;
  let nanos = Number(local % 1000000000n);
  if (nanos < 0) {
    nanos += 1e9;
    secs -= 1n;
  }
  const d = new Date(Number(secs) * 1e3);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  const startOfDay = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    nanos,
    weekday: d.getUTCDay(),
    yearDay: Math.round((startOfDay - start) / 864e5) + 1
  };
}
var pad2 = (n, w) => {
  const s = String(Math.abs(n)).padStart(w, "0");
  return n < 0 ? `-${s}` : s;
};
function formatZone(std, offset) {
  if (std.startsWith("Z") && offset === 0) return "Z";
  const sign2 = offset < 0 ? "-" : "+";
  const a = Math.abs(offset);
  const hh = pad2(Math.floor(a / 3600), 2);
  const mm = pad2(Math.floor(a / 60) % 60, 2);
  const ss = pad2(a % 60, 2);
  const body = std.replace(/^Z/, "-");
  if (body === "-07") return sign2 + hh;
  if (body === "-0700") return sign2 + hh + mm;
  if (body === "-07:00") return `${sign2}${hh}:${mm}`;
  if (body === "-070000") return sign2 + hh + mm + ss;
  return `${sign2}${hh}:${mm}:${ss}`;
}
function formatStd(c, ct, t) {
  const h12 = ct.hour % 12 === 0 ? 12 : ct.hour % 12;
  switch (c.std) {
    case "January":
      return LONG_MONTHS[ct.month - 1] ?? "";
    case "Jan":
      return (LONG_MONTHS[ct.month - 1] ?? "").slice(0, 3);
    case "Monday":
      return LONG_DAYS[ct.weekday] ?? "";
    case "Mon":
      return (LONG_DAYS[ct.weekday] ?? "").slice(0, 3);
    case "MST":
      return t.zoneName !== "" ? t.zoneName : formatZone("-0700", t.offsetSeconds);
    case "01":
      return pad2(ct.month, 2);
    case "1":
      return String(ct.month);
    case "02":
      return pad2(ct.day, 2);
    case "2":
      return String(ct.day);
    case "_2":
      return String(ct.day).padStart(2, " ");
    case "002":
      return pad2(ct.yearDay, 3);
    case "__2":
      return String(ct.yearDay).padStart(3, " ");
    case "2006":
      return ct.year < 0 ? `-${pad2(-ct.year, 4)}` : pad2(ct.year, 4);
    case "06":
      return pad2((ct.year % 100 + 100) % 100, 2);
    case "15":
      return pad2(ct.hour, 2);
    case "03":
      return pad2(h12, 2);
    case "3":
      return String(h12);
    case "04":
      return pad2(ct.minute, 2);
    case "4":
      return String(ct.minute);
    case "05":
      return pad2(ct.second, 2);
    case "5":
      return String(ct.second);
    case "PM":
      return ct.hour >= 12 ? "PM" : "AM";
    case "pm":
      return ct.hour >= 12 ? "pm" : "am";
    case ".0":
    case ",0":
    case ".9":
    case ",9":
      return formatFraction(c.std, c.digits ?? 0, ct.nanos);
    default:
      return formatZone(c.std, t.offsetSeconds);
  }
}
function formatFraction(std, digits, nanos) {
  const all = pad2(nanos, 9).slice(0, digits);
  const sep2 = std[0] ?? ".";
  if (std[1] === "0") return sep2 + all;
  const trimmed = all.replace(/0+$/, "");
  return trimmed === "" ? "" : sep2 + trimmed;
}
function formatGoTime(t, layout) {
  const ct = civil2(t);
  let out = "";
  for (const c of splitLayout(layout)) out += "lit" in c ? c.lit : formatStd(c, ct, t);
  return out;
}

// src/template/exec/time-methods.ts
function method(impl) {
  return { params: [], impl: (args) => impl(args[0]) };
}
var NS = 1000000000n;
function floorDiv(a, b) {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
function stringerValue(typeName2, text) {
  return new GoStruct(typeName2, /* @__PURE__ */ new Map(), /* @__PURE__ */ new Map([["String", { params: [], impl: () => text }]]));
}
var timeMethods = /* @__PURE__ */ new Map([
  ["Year", method((t) => BigInt(civil(t).year))],
  ["YearDay", method((t) => BigInt(civil(t).yearDay))],
  ["Day", method((t) => BigInt(civil(t).day))],
  ["Hour", method((t) => BigInt(civil(t).hour))],
  ["Minute", method((t) => BigInt(civil(t).minute))],
  ["Second", method((t) => BigInt(civil(t).second))],
  ["Nanosecond", method((t) => BigInt(civil(t).nanos))],
  ["Unix", method((t) => new GoNumber("int64", floorDiv(t.unixNanos, NS)))],
  ["UnixMilli", method((t) => new GoNumber("int64", floorDiv(t.unixNanos, 1000000n)))],
  ["UnixNano", method((t) => new GoNumber("int64", t.unixNanos))],
  ["UTC", method((t) => new GoTime(t.unixNanos, 0, "UTC"))],
  ["Month", method((t) => stringerValue("time.Month", LONG_MONTHS[civil(t).month - 1] ?? ""))],
  ["Weekday", method((t) => stringerValue("time.Weekday", LONG_DAYS[civil(t).weekday] ?? ""))],
  ["Format", { params: ["string"], impl: (a) => formatGoTime(a[0], a[1]) }],
  ["IsZero", method((t) => t.unixNanos === -62135596800n * NS)]
]);

// src/template/exec/evaluate.ts
var MISSING = { v: void 0, iface: false };
var SPECIAL_BUILTINS = /* @__PURE__ */ new WeakMap();
var Evaluator = class {
  constructor(funcs, builtins, missingKey) {
    this.funcs = funcs;
    this.builtins = builtins;
    this.missingKey = missingKey;
  }
  funcs;
  builtins;
  missingKey;
  node;
  vars = [];
  /** Name of the template being executed (Go's `s.tmpl.Name()`). */
  tmplName = "";
  at(n) {
    this.node = n;
  }
  /** Raises Go's exec error at the current node. */
  errorf(msg, code = TEMPLATE_CODES.exec, cause) {
    const n = this.node;
    if (n === void 0) {
      throw new GoTemplateError({
        code,
        goMessage: `template: ${this.tmplName}: ${msg}`,
        innermost: msg,
        cause
      });
    }
    const before = n.src.text.slice(0, n.pos);
    const nl = before.lastIndexOf("\n");
    const line = 1 + (before.match(/\n/g)?.length ?? 0);
    const col = goByteLength(nl < 0 ? before : before.slice(nl + 1));
    const location = `${n.src.parseName}:${line}:${col}`;
    const goMessage = `template: ${location}: executing ${goQuote(this.tmplName)} at <${nodeString(n)}>: ${msg}`;
    throw new GoTemplateError({
      code,
      goMessage,
      innermost: msg,
      file: n.src.parseName,
      line,
      column: col + 1,
      cause
    });
  }
  varValue(name) {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v.name === name) return v.value;
    }
    return this.errorf(`undefined variable: ${name}`);
  }
  setVar(name, value) {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v.name === name) {
        v.value = value;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }
  /** Evaluates a pipeline; declared variables are pushed (or assigned). */
  evalPipeline(dot, pipe) {
    if (pipe === void 0) return INVALID;
    this.at(pipe);
    let value = MISSING;
    const cmds = pipe.cmds;
    for (let i = 0; i < cmds.length; i++) {
      value = this.evalCommand(dot, cmds[i], value);
      if (value.v === null) value = INVALID;
      else if (value.iface) value = rv(value.v);
    }
    if (pipe.decl.length > 0) this.declare(pipe, value);
    return value;
  }
  declare(pipe, value) {
    for (const d of pipe.decl) {
      const name = d.ident[0];
      if (pipe.isAssign) this.setVar(name, value);
      else this.vars.push({ name, value });
    }
  }
  notAFunction(args, final) {
    if (args.length > 1 || final !== MISSING)
      this.errorf(`can't give argument to non-function ${nodeString(args[0])}`);
  }
  evalCommand(dot, cmd, final) {
    const first = cmd.args[0];
    switch (first.type) {
      case "field":
        return this.evalFieldNode(dot, first, cmd.args, final);
      case "chain":
        return this.evalChainNode(dot, first, cmd.args, final);
      case "identifier": {
        this.at(first);
        const spec = this.funcs.get(first.ident);
        if (spec === void 0) return this.errorf(`${goQuote(first.ident)} is not a defined function`);
        return this.evalCall(
          dot,
          spec,
          this.builtins.get(first.ident) === spec,
          cmd,
          first.ident,
          cmd.args,
          final
        );
      }
      case "pipe":
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case "variable":
        return this.evalVariableNode(dot, first, cmd.args, final);
      default:
        break;
    }
    this.at(first);
    this.notAFunction(cmd.args, final);
    switch (first.type) {
      case "bool":
        return rv(first.value);
      case "dot":
        return dot;
      case "nil":
        return this.errorf("nil is not a command");
      case "number":
        return this.idealConstant(first);
      case "string":
        return rv(first.text);
    }
  }
  idealConstant(n) {
    this.at(n);
    const num2 = n.num;
    if (num2.isComplex && num2.complex !== void 0) return rv(new GoComplex(num2.complex[0], num2.complex[1]));
    const isHexInt = /^[+-]?0[xX]/.test(n.text) && !/[pP]/.test(n.text);
    if (num2.isFloat && !isHexInt && !n.text.startsWith("'") && /[.eEpP]/.test(n.text)) return rv(num2.float64);
    if (num2.isInt) return rv(num2.int64);
    if (num2.isUint) return this.errorf(`${n.text} overflows int`);
    return INVALID;
  }
  evalFieldNode(dot, field2, args, final) {
    this.at(field2);
    return this.evalFieldChain(dot, dot, field2, field2.ident, args, final);
  }
  evalChainNode(dot, chain, args, final) {
    this.at(chain);
    if (chain.node.type === "nil") this.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
    const pipe = rv(this.evalArg(dot, void 0, chain.node));
    return this.evalFieldChain(dot, pipe, chain, chain.field, args, final);
  }
  evalVariableNode(dot, variable, args, final) {
    this.at(variable);
    const value = this.varValue(variable.ident[0]);
    if (variable.ident.length === 1) {
      this.notAFunction(args ?? [variable], final);
      return value;
    }
    return this.evalFieldChain(dot, value, variable, variable.ident.slice(1), args, final);
  }
  evalFieldChain(dot, receiver, node, ident, args, final) {
    let r = receiver;
    for (let i = 0; i < ident.length - 1; i++)
      r = this.evalField(dot, ident[i], node, void 0, MISSING, r);
    return this.evalField(dot, ident[ident.length - 1], node, args, final, r);
  }
  evalField(dot, name, node, args, final, receiver) {
    const v = receiver.v;
    if (v === void 0) {
      if (this.missingKey === "error")
        this.errorf(`nil data; no entry for key ${goQuote(name)}`, TEMPLATE_CODES.missingKey);
      return INVALID;
    }
    const typ = staticType(receiver);
    if (v === null) return this.errorf(`nil pointer evaluating ${typ}.${name}`);
    const structMethod = v instanceof GoStruct ? v.methods.get(name) : void 0;
    if (structMethod !== void 0) return this.evalCall(dot, structMethod, false, node, name, args, final);
    const timeMethod = v instanceof GoTime ? timeMethods.get(name) : void 0;
    if (timeMethod !== void 0) {
      const bound = {
        params: timeMethod.params,
        impl: (a, ctx) => timeMethod.impl([v, ...a], ctx)
      };
      return this.evalCall(dot, bound, false, node, name, args, final);
    }
    const hasArgs = args !== void 0 && args.length > 1 || final !== MISSING;
    if (v instanceof GoStruct && v.fields.has(name)) {
      if (hasArgs) this.errorf(`${name} has arguments but cannot be invoked as function`);
      const fv = v.fields.get(name);
      return rv(fv, fv === null);
    }
    if (isGoMap(v)) {
      if (hasArgs) this.errorf(`${name} is not a method but has arguments`);
      if (Object.prototype.hasOwnProperty.call(v, name)) return rv(v[name], elemIface(v));
      switch (this.missingKey) {
        case "zero":
          return rv(zeroOfElem(mapElemType(v)), mapElemType(v) === "interface {}");
        case "error":
          return this.errorf(`map has no entry for key ${goQuote(name)}`, TEMPLATE_CODES.missingKey);
        default:
          return INVALID;
      }
    }
    return this.errorf(`can't evaluate field ${name} in type ${typ}`);
  }
  evalFunction(dot, node, cmd, args, final) {
    this.at(node);
    const name = node.ident;
    const spec = this.funcs.get(name);
    if (spec === void 0) return this.errorf(`${goQuote(name)} is not a defined function`);
    return this.evalCall(dot, spec, this.builtins.get(name) === spec, cmd, name, args, final);
  }
  /** Go's `evalCall`: arity checks, argument conversion, the call and error wrapping. */
  evalCall(dot, spec, isBuiltin, node, name, allArgs, final) {
    const special2 = isBuiltin ? SPECIAL_BUILTINS.get(spec) : void 0;
    if (special2 === "and" || special2 === "or") {
      this.checkArity(spec, name, allArgs, final);
      return this.andOr(dot, special2, allArgs === void 0 ? [] : allArgs.slice(1), final);
    }
    const argv = this.collectArgs(dot, spec, name, allArgs, final);
    if (special2 === "call") argv.unshift(allArgs?.[1] === void 0 ? "" : nodeString(allArgs[1]));
    let result;
    try {
      result = spec.impl(argv, this.callContext(name));
    } catch (e) {
      return this.callFailed(e, node, name);
    }
    return rv(result);
  }
  /** Go's arity errors of `evalCall`; returns the number of fixed parameters. */
  checkArity(spec, name, allArgs, final) {
    const argc = allArgs === void 0 ? 0 : allArgs.length - 1;
    const params = spec.params;
    const numIn = final !== MISSING ? argc + 1 : argc;
    if (spec.variadic === true) {
      if (numIn < params.length - 1)
        this.errorf(`wrong number of args for ${name}: want at least ${params.length - 1} got ${argc}`);
      return params.length - 1;
    }
    if (numIn !== params.length)
      this.errorf(`wrong number of args for ${name}: want ${params.length} got ${numIn}`);
    return argc;
  }
  /** Evaluates and converts the arguments of a call (Go's `evalCall` before `fun.Call`). */
  collectArgs(dot, spec, name, allArgs, final) {
    const numFixed = this.checkArity(spec, name, allArgs, final);
    const args = allArgs === void 0 ? [] : allArgs.slice(1);
    const params = spec.params;
    const numIn = final !== MISSING ? args.length + 1 : args.length;
    const argv = [];
    let i = 0;
    for (; i < numFixed && i < args.length; i++)
      argv.push(this.evalArg(dot, params[i], args[i]));
    if (spec.variadic === true) {
      const elem = params[params.length - 1];
      for (; i < args.length; i++) argv.push(this.evalArg(dot, elem, args[i]));
    }
    if (final !== MISSING) {
      const t = spec.variadic === true && numIn - 1 >= numFixed ? params[params.length - 1] : params[numIn - 1];
      argv.push(this.validateType(final, t));
    }
    return argv;
  }
  /** Go's `error calling NAME: …` for an error (or panic) raised by a function. */
  callFailed(e, node, name) {
    if (isStackExhausted(e)) throw e;
    this.at(node);
    const msg = e instanceof Error ? e.message : String(e);
    return this.errorf(
      `error calling ${name}: ${msg}`,
      // Our own errors (limits, policy) keep their code through the template's error.
      e instanceof HelmfileError ? e.code : TEMPLATE_CODES.call,
      e
    );
  }
  andOr(dot, which, args, final) {
    let v = void 0;
    for (const a of args) {
      v = this.evalArg(dot, "reflect.Value", a);
      if (isTrue(v ?? null) === (which === "or")) return rv(v);
    }
    if (final !== MISSING) v = this.validateType(final, "reflect.Value");
    return rv(v);
  }
  /** Go's `validateType`: checks/converts a value for a parameter type (`undefined` type = untyped). */
  validateType(value, typ) {
    return validateType(value, typ, (m) => this.errorf(m));
  }
  /** Go's `evalArg`: evaluates an argument node for a parameter type. */
  evalArg(dot, typ, n) {
    this.at(n);
    switch (n.type) {
      case "dot":
        return this.validateType(dot, typ);
      case "nil":
        if (typ !== void 0 && canBeNil(typ)) return zeroOf(typ);
        return this.errorf(`cannot assign nil to ${typ ?? "<nil>"}`);
      case "field":
        return this.validateType(this.evalFieldNode(dot, n, [n], MISSING), typ);
      case "variable":
        return this.validateType(this.evalVariableNode(dot, n, void 0, MISSING), typ);
      case "pipe":
        return this.validateType(this.evalPipeline(dot, n), typ);
      case "identifier":
        return this.validateType(this.evalFunction(dot, n, n, void 0, MISSING), typ);
      case "chain":
        return this.validateType(this.evalChainNode(dot, n, void 0, MISSING), typ);
      default:
        break;
    }
    return evalConstant(
      n,
      typ ?? "interface {}",
      (m) => this.errorf(m),
      (num2) => this.idealConstant(num2).v
    );
  }
  /** `%v` of a value for messages such as `range can't iterate over 3`. */
  formatV(v) {
    return printArg(v, "v", noFlags());
  }
};

// src/template/parse/lexer.ts
var KEYWORDS = /* @__PURE__ */ new Map([
  [".", 25 /* Dot */],
  ["block", 22 /* Block */],
  ["break", 23 /* Break */],
  ["continue", 24 /* Continue */],
  ["define", 26 /* Define */],
  ["else", 27 /* Else */],
  ["end", 28 /* End */],
  ["if", 29 /* If */],
  ["range", 31 /* Range */],
  ["nil", 30 /* Nil */],
  ["template", 32 /* Template */],
  ["with", 33 /* With */]
]);
var LEFT = "{{";
var RIGHT = "}}";
var LEFT_COMMENT = "/*";
var RIGHT_COMMENT = "*/";
function isSpaceChar(c) {
  return c === " " || c === "	" || c === "\r" || c === "\n";
}
function isAlphaNumeric(c) {
  if (c === void 0) return false;
  return c === "_" || /^[\p{L}\p{Nd}]$/u.test(c);
}
function hasLeftTrimMarker(s, at) {
  return s[at] === "-" && isSpaceChar(s[at + 1]);
}
function hasRightTrimMarker(s, at) {
  return isSpaceChar(s[at]) && s[at + 1] === "-";
}
function lex(input) {
  return new Lexer(input).run();
}
var Lexer = class {
  constructor(input) {
    this.input = input;
  }
  input;
  pos = 0;
  start = 0;
  line = 1;
  startLine = 1;
  parenDepth = 0;
  items = [];
  done = false;
  run() {
    while (!this.done) {
      if (!this.lexText()) break;
      if (!this.done) this.lexAction();
    }
    return this.items;
  }
  emit(typ) {
    const val = this.input.slice(this.start, this.pos);
    this.items.push({ typ, val, pos: this.start, line: this.startLine });
    this.advanceStart();
  }
  advanceStart() {
    for (let i = this.start; i < this.pos; i++) if (this.input.charCodeAt(i) === 10) this.line++;
    this.start = this.pos;
    this.startLine = this.line;
  }
  ignore() {
    this.advanceStart();
  }
  error(msg) {
    this.items.push({ typ: 0 /* Error */, val: msg, pos: this.start, line: this.startLine });
    this.done = true;
  }
  next() {
    if (this.pos >= this.input.length) {
      this.pos = this.input.length + 1;
      return void 0;
    }
    const cp = this.input.codePointAt(this.pos);
    const ch2 = String.fromCodePoint(cp);
    this.pos += ch2.length;
    return ch2;
  }
  backup(ch2) {
    this.pos -= ch2 === void 0 ? 1 : ch2.length;
  }
  peek() {
    if (this.pos >= this.input.length) return void 0;
    return String.fromCodePoint(this.input.codePointAt(this.pos));
  }
  /** Scans text up to the next `{{`; returns false at EOF. */
  lexText() {
    const x = this.input.indexOf(LEFT, this.pos);
    if (x < 0) {
      this.pos = this.input.length;
      if (this.pos > this.start) this.emit(19 /* Text */);
      this.items.push({ typ: 7 /* EOF */, val: "", pos: this.pos, line: this.line });
      this.done = true;
      return false;
    }
    this.pos = x;
    let end = x;
    if (hasLeftTrimMarker(this.input, x + LEFT.length)) {
      while (end > this.start && isSpaceChar(this.input[end - 1])) end--;
    }
    if (end > this.start) {
      const save = this.pos;
      this.pos = end;
      this.emit(19 /* Text */);
      this.pos = save;
    }
    this.ignore();
    return true;
  }
  /** Lexes `{{`, an optional comment, and the action body through `}}`. */
  lexAction() {
    this.pos += LEFT.length;
    const trim2 = hasLeftTrimMarker(this.input, this.pos);
    const after = trim2 ? 2 : 0;
    if (this.input.startsWith(LEFT_COMMENT, this.pos + after)) {
      this.pos += after;
      this.ignore();
      this.lexComment();
      return;
    }
    this.emit(10 /* LeftDelim */);
    this.pos += after;
    this.ignore();
    this.parenDepth = 0;
    this.lexInsideAction();
  }
  lexComment() {
    this.pos += LEFT_COMMENT.length;
    const x = this.input.indexOf(RIGHT_COMMENT, this.pos);
    if (x < 0) return this.error("unclosed comment");
    this.pos = x + RIGHT_COMMENT.length;
    const [delim, trim2] = this.atRightDelim();
    if (!delim) return this.error("comment ends before closing delimiter");
    this.pos += (trim2 ? 2 : 0) + RIGHT.length;
    if (trim2) this.skipLeadingSpace();
    this.ignore();
  }
  skipLeadingSpace() {
    while (isSpaceChar(this.input[this.pos])) this.pos++;
  }
  atRightDelim() {
    if (hasRightTrimMarker(this.input, this.pos) && this.input.startsWith(RIGHT, this.pos + 2))
      return [true, true];
    if (this.input.startsWith(RIGHT, this.pos)) return [true, false];
    return [false, false];
  }
  lexRightDelim(trim2) {
    if (trim2) {
      this.pos += 2;
      this.ignore();
    }
    this.pos += RIGHT.length;
    this.emit(15 /* RightDelim */);
    if (trim2) {
      this.skipLeadingSpace();
      this.ignore();
    }
  }
  lexInsideAction() {
    for (; ; ) {
      if (this.done) return;
      const [delim, trim2] = this.atRightDelim();
      if (delim) {
        if (this.parenDepth === 0) return this.lexRightDelim(trim2);
        return this.error("unclosed left paren");
      }
      const r = this.next();
      if (r === void 0) return this.error("unclosed action");
      if (isSpaceChar(r)) {
        this.backup(r);
        this.lexSpace();
      } else if (r === "=") this.emit(5 /* Assign */);
      else if (r === ":") {
        if (this.next() !== "=") return this.error("expected :=");
        this.emit(6 /* Declare */);
      } else if (r === "|") this.emit(13 /* Pipe */);
      else if (r === '"') this.lexQuote();
      else if (r === "`") this.lexRawQuote();
      else if (r === "$") this.lexFieldOrVariable(20 /* Variable */);
      else if (r === "'") this.lexChar();
      else if (r === "." && !/[0-9]/.test(this.input[this.pos] ?? "")) this.lexFieldOrVariable(8 /* Field */);
      else if (r === "." || r === "+" || r === "-" || r >= "0" && r <= "9") {
        this.backup(r);
        this.lexNumber();
      } else if (isAlphaNumeric(r)) {
        this.backup(r);
        this.lexIdentifier();
      } else if (r === "(") {
        this.emit(11 /* LeftParen */);
        this.parenDepth++;
      } else if (r === ")") {
        this.parenDepth--;
        if (this.parenDepth < 0) return this.error("unexpected right paren");
        this.emit(16 /* RightParen */);
      } else if (r.length === 1 && r.charCodeAt(0) >= 32 && r.charCodeAt(0) < 127) this.emit(2 /* Char */);
      else return this.error(`unrecognized character in action: ${formatRuneU(r)}`);
    }
  }
  lexSpace() {
    let n = 0;
    while (isSpaceChar(this.peek())) {
      this.pos++;
      n++;
    }
    if (hasRightTrimMarker(this.input, this.pos - 1) && this.input.startsWith(RIGHT, this.pos + 1)) {
      this.pos--;
      if (n === 1) return;
    }
    this.emit(17 /* Space */);
  }
  atTerminator() {
    const r = this.peek();
    if (r === void 0 || isSpaceChar(r)) return true;
    if (".,|:)(".includes(r)) return true;
    return this.input.startsWith(RIGHT, this.pos);
  }
  lexFieldOrVariable(typ) {
    if (this.atTerminator()) {
      this.emit(typ === 20 /* Variable */ ? 20 /* Variable */ : 25 /* Dot */);
      return;
    }
    let r;
    for (; ; ) {
      r = this.next();
      if (!isAlphaNumeric(r)) {
        this.backup(r);
        break;
      }
    }
    if (!this.atTerminator()) return this.error(`bad character ${formatRuneU(this.peek() ?? "")}`);
    this.emit(typ);
  }
  lexIdentifier() {
    for (; ; ) {
      const r = this.next();
      if (!isAlphaNumeric(r)) {
        this.backup(r);
        break;
      }
    }
    if (!this.atTerminator()) return this.error(`bad character ${formatRuneU(this.peek() ?? "")}`);
    const word = this.input.slice(this.start, this.pos);
    const kw = KEYWORDS.get(word);
    if (kw !== void 0 && kw > 21 /* Keyword */) this.emit(kw);
    else if (word === "true" || word === "false") this.emit(1 /* Bool */);
    else this.emit(9 /* Identifier */);
  }
  lexChar() {
    for (; ; ) {
      const r = this.next();
      if (r === "\\") {
        const e = this.next();
        if (e !== void 0 && e !== "\n") continue;
        return this.error("unterminated character constant");
      }
      if (r === void 0 || r === "\n") return this.error("unterminated character constant");
      if (r === "'") break;
    }
    this.emit(3 /* CharConstant */);
  }
  lexQuote() {
    for (; ; ) {
      const r = this.next();
      if (r === "\\") {
        const e = this.next();
        if (e !== void 0 && e !== "\n") continue;
        return this.error("unterminated quoted string");
      }
      if (r === void 0 || r === "\n") return this.error("unterminated quoted string");
      if (r === '"') break;
    }
    this.emit(18 /* String */);
  }
  lexRawQuote() {
    const x = this.input.indexOf("`", this.pos);
    if (x < 0) return this.error("unterminated raw quoted string");
    this.pos = x + 1;
    this.emit(14 /* RawString */);
  }
  lexNumber() {
    if (!this.scanNumber())
      return this.error(`bad number syntax: ${goQuote(this.input.slice(this.start, this.pos))}`);
    const sign2 = this.peek();
    if (sign2 === "+" || sign2 === "-") {
      if (!this.scanNumber() || this.input[this.pos - 1] !== "i") {
        return this.error(`bad number syntax: ${goQuote(this.input.slice(this.start, this.pos))}`);
      }
      this.emit(4 /* Complex */);
    } else this.emit(12 /* Number */);
  }
  accept(valid) {
    const c = this.input[this.pos];
    if (c !== void 0 && valid.includes(c)) {
      this.pos++;
      return true;
    }
    return false;
  }
  acceptRun(valid) {
    while (this.accept(valid)) ;
  }
  scanNumber() {
    this.accept("+-");
    let digits = "0123456789_";
    if (this.accept("0")) {
      if (this.accept("xX")) digits = "0123456789abcdefABCDEF_";
      else if (this.accept("oO")) digits = "01234567_";
      else if (this.accept("bB")) digits = "01_";
    }
    this.acceptRun(digits);
    if (this.accept(".")) this.acceptRun(digits);
    if (digits.length === 11 && this.accept("eE")) {
      this.accept("+-");
      this.acceptRun("0123456789_");
    }
    if (digits.length === 23 && this.accept("pP")) {
      this.accept("+-");
      this.acceptRun("0123456789_");
    }
    this.accept("i");
    if (isAlphaNumeric(this.peek())) {
      this.next();
      return false;
    }
    return true;
  }
};

// src/template/parse/token-cursor.ts
function tokenString(t) {
  if (t.typ === 7 /* EOF */) return "EOF";
  if (t.typ === 0 /* Error */) return t.val;
  if (t.typ > 21 /* Keyword */) return `<${t.val}>`;
  if ([...t.val].length > 10) return `${goQuote([...t.val].slice(0, 10).join(""))}...`;
  return goQuote(t.val);
}
var TokenCursor = class {
  constructor(tokens, src) {
    this.tokens = tokens;
    this.src = src;
  }
  tokens;
  src;
  idx = 0;
  furthest = 0;
  /** Line of the `{{` that started the current action (0 outside actions). */
  actionLine = 0;
  /** Go reports parse errors at the line of the last token read from the lexer. */
  errorf(msg) {
    const line = this.tokens[Math.min(this.furthest, this.tokens.length - 1)]?.line ?? 1;
    throw parseError(this.src.parseName, line, msg);
  }
  next() {
    const t = this.tokens[this.idx] ?? this.tokens[this.tokens.length - 1];
    if (this.idx > this.furthest) this.furthest = this.idx;
    if (this.idx < this.tokens.length - 1) this.idx++;
    else this.idx = this.tokens.length;
    return t;
  }
  backup() {
    this.idx--;
  }
  peek() {
    const t = this.next();
    this.backup();
    return t;
  }
  nextNonSpace() {
    let t = this.next();
    while (t.typ === 17 /* Space */) t = this.next();
    return t;
  }
  peekNonSpace() {
    const t = this.nextNonSpace();
    this.backup();
    return t;
  }
  expect(typ, context) {
    const t = this.nextNonSpace();
    if (t.typ !== typ) this.unexpected(t, context);
    return t;
  }
  unexpected(t, context) {
    if (t.typ === 0 /* Error */) {
      let extra = "";
      if (this.actionLine !== 0 && this.actionLine !== t.line) {
        const where = `${this.src.parseName}:${this.actionLine}`;
        extra = t.val.endsWith(" action") ? ` started at ${where}` : ` in action started at ${where}`;
      }
      this.errorf(`${t.val}${extra}`);
    }
    return this.errorf(`unexpected ${tokenString(t)} in ${context}`);
  }
  /** Saves the position (for multi-token look-ahead). */
  mark() {
    return this.idx;
  }
  /** Restores a position saved by {@link mark}. */
  reset(at) {
    this.idx = at;
  }
};

// src/template/parse/literals.ts
var INT64_MIN = -(1n << 63n);
var INT64_MAX = (1n << 63n) - 1n;
var UINT64_MAX = (1n << 64n) - 1n;
var LiteralError = class extends Error {
};
function parseIntBase0(text) {
  let s = text;
  let neg = false;
  if (s.startsWith("+") || s.startsWith("-")) {
    neg = s.startsWith("-");
    s = s.slice(1);
  }
  let base = 10;
  let body = s;
  if (/^0[xX]/.test(s)) [base, body] = [16, s.slice(2)];
  else if (/^0[oO]/.test(s)) [base, body] = [8, s.slice(2)];
  else if (/^0[bB]/.test(s)) [base, body] = [2, s.slice(2)];
  else if (/^0./.test(s)) [base, body] = [8, s.slice(1)];
  if (body.includes("_")) {
    if (!underscoreOK(text)) return void 0;
    body = body.replace(/_/g, "");
  }
  if (body === "") return s === "0" ? 0n : void 0;
  const digits = base === 16 ? /^[0-9a-fA-F]+$/ : base === 8 ? /^[0-7]+$/ : base === 2 ? /^[01]+$/ : /^[0-9]+$/;
  if (!digits.test(body)) return void 0;
  const prefix = base === 16 ? "0x" : base === 8 ? "0o" : base === 2 ? "0b" : "";
  const v = BigInt(prefix + body);
  return neg ? -v : v;
}
function underscoreOK(text) {
  let s = text;
  if (s.startsWith("+") || s.startsWith("-")) s = s.slice(1);
  let saw = "^";
  let i = 0;
  let hex = false;
  if (/^0[bBoOxX]/.test(s)) {
    i = 2;
    saw = "0";
    hex = /^0[xX]/.test(s);
  }
  for (; i < s.length; i++) {
    const c = s[i];
    if (c >= "0" && c <= "9" || hex && /[a-fA-F]/.test(c)) {
      saw = "0";
      continue;
    }
    if (c === "_") {
      if (saw !== "0") return false;
      saw = "_";
      continue;
    }
    if (saw === "_") return false;
    saw = "!";
  }
  return saw !== "_";
}
function parseFloatGo(text) {
  if (!underscoreOK(text)) return void 0;
  let s = text.replace(/_/g, "");
  let sign2 = 1;
  if (s.startsWith("+") || s.startsWith("-")) {
    sign2 = s.startsWith("-") ? -1 : 1;
    s = s.slice(1);
  }
  if (/^0[xX]/.test(s)) {
    const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?[0-9]+)$/.exec(s);
    if (m === null || (m[1] ?? "") === "" && (m[2] ?? "") === "") return void 0;
    const mant = BigInt(`0x${(m[1] ?? "") + (m[2] ?? "") || "0"}`);
    const exp = Number(m[3]) - 4 * (m[2] ?? "").length;
    return sign2 * Number(mant) * 2 ** exp;
  }
  if (!/^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(s)) return void 0;
  return sign2 * Number(s);
}
function parseNumber(text, isChar) {
  if (isChar) {
    const s = unquoteChar(text);
    const v = BigInt(s);
    return { isInt: true, isUint: true, isFloat: true, isComplex: false, int64: v, uint64: v, float64: s };
  }
  if (text.endsWith("i")) return parseComplex(text);
  const asInt = parseIntBase0(text);
  let isUint = asInt !== void 0 && !text.startsWith("-") && !text.startsWith("+") && asInt >= 0n && asInt <= UINT64_MAX;
  let isInt = asInt !== void 0 && asInt >= INT64_MIN && asInt <= INT64_MAX;
  let int64 = isInt ? asInt : 0n;
  let uint64 = isUint ? asInt : 0n;
  if (isInt && int64 === 0n) {
    isUint = true;
    uint64 = 0n;
  }
  let isFloat = false;
  let float64 = 0;
  if (isInt) {
    isFloat = true;
    float64 = Number(int64);
  } else if (isUint) {
    isFloat = true;
    float64 = Number(uint64);
  } else {
    const f = parseFloatGo(text);
    if (f !== void 0 && Number.isFinite(f)) {
      if (!/[.eEpP]/.test(text)) throw new LiteralError(`integer overflow: ${JSON.stringify(text)}`);
      isFloat = true;
      float64 = f;
      if (Number.isInteger(f) && f >= -(2 ** 63) && f < 2 ** 63) {
        isInt = true;
        int64 = BigInt(f);
      }
      if (Number.isInteger(f) && f >= 0 && f < 2 ** 64) {
        isUint = true;
        uint64 = BigInt(f);
      }
    }
  }
  if (!isInt && !isUint && !isFloat) throw new LiteralError(`illegal number syntax: ${JSON.stringify(text)}`);
  return { isInt, isUint, isFloat, isComplex: false, int64, uint64, float64 };
}
function unquoteString(text) {
  if (text.startsWith("`")) {
    if (!text.endsWith("`") || text.length < 2) throw new LiteralError("invalid syntax");
    return text.slice(1, -1).replace(/\r/g, "");
  }
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2)
    throw new LiteralError("invalid syntax");
  return decodeEscapes(text.slice(1, -1), '"');
}
function unquoteChar(text) {
  const s = text.slice(1);
  if (s.startsWith("'") || s === "") throw new LiteralError("invalid syntax");
  let cp;
  let rest;
  if (!s.startsWith("\\")) {
    cp = s.codePointAt(0);
    rest = s.slice(String.fromCodePoint(cp).length);
  } else {
    const m = /^\\(x[0-9a-fA-F]{2}|[0-7]{3}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[abfnrtv\\'"])/.exec(s);
    if (m === null) throw new LiteralError("invalid syntax");
    const esc = m[1];
    if (esc === '"') throw new LiteralError("invalid syntax");
    if (esc.startsWith("x")) cp = parseInt(esc.slice(1), 16);
    else if (/^[0-7]/.test(esc)) cp = parseInt(esc, 8);
    else if (esc.startsWith("u") || esc.startsWith("U")) cp = parseInt(esc.slice(1), 16);
    else cp = SIMPLE_ESCAPES[esc] ?? 0;
    if (cp > 1114111 || cp >= 55296 && cp <= 57343 && /^[uU]/.test(esc) || /^[0-7]/.test(esc) && cp > 255)
      throw new LiteralError("invalid syntax");
    rest = s.slice(m[0].length);
  }
  if (rest !== "'") throw new LiteralError(`malformed character constant: ${text}`);
  return cp;
}
var SIMPLE_ESCAPES = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  "\\": 92,
  "'": 39,
  '"': 34
};
function decodeEscapes(body, quote) {
  const bytes = [];
  const enc = new TextEncoder();
  for (let i = 0; i < body.length; ) {
    const c = body[i];
    if (c === quote || c === "\n") throw new LiteralError("invalid syntax");
    if (c !== "\\") {
      const cp = body.codePointAt(i);
      const ch2 = String.fromCodePoint(cp);
      bytes.push(...enc.encode(ch2));
      i += ch2.length;
      continue;
    }
    const e = body[i + 1];
    if (e === void 0) throw new LiteralError("invalid syntax");
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== void 0) {
      if (e === "'" && quote !== "'" || e === '"' && quote !== '"')
        throw new LiteralError("invalid syntax");
      bytes.push(simple);
      i += 2;
    } else if (e === "x") {
      const h = body.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new LiteralError("invalid syntax");
      bytes.push(parseInt(h, 16));
      i += 4;
    } else if (e >= "0" && e <= "7") {
      const o = body.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(o) || parseInt(o, 8) > 255) throw new LiteralError("invalid syntax");
      bytes.push(parseInt(o, 8));
      i += 4;
    } else if (e === "u" || e === "U") {
      const n = e === "u" ? 4 : 8;
      const h = body.slice(i + 2, i + 2 + n);
      const cp = /^[0-9a-fA-F]+$/.test(h) && h.length === n ? parseInt(h, 16) : -1;
      if (cp < 0 || cp > 1114111 || cp >= 55296 && cp <= 57343) throw new LiteralError("invalid syntax");
      bytes.push(...enc.encode(String.fromCodePoint(cp)));
      i += 2 + n;
    } else throw new LiteralError("invalid syntax");
  }
  return goStringFromBytes(Uint8Array.from(bytes));
}
function parseComplex(text) {
  const m = /^([+-]?[^+-]*(?:[eEpP][+-][^+-]*)?)([+-].*)i$/.exec(text);
  let re = 0;
  let im;
  if (m !== null && m[1] !== "") {
    const r = parseFloatGo(m[1] ?? "") ?? parseIntBase0(m[1] ?? "");
    const i = parseFloatGo(m[2] ?? "") ?? parseIntBase0(m[2] ?? "");
    if (r === void 0 || i === void 0)
      throw new LiteralError(`illegal number syntax: ${JSON.stringify(text)}`);
    re = Number(r);
    im = Number(i);
  } else {
    const body = text.slice(0, -1);
    const i = parseFloatGo(body) ?? parseIntBase0(body);
    if (i === void 0) throw new LiteralError(`illegal number syntax: ${JSON.stringify(text)}`);
    im = Number(i);
  }
  if (im === 0) {
    const isInt = Number.isInteger(re) && Math.abs(re) < 2 ** 63;
    const v = isInt ? BigInt(re) : 0n;
    return {
      isInt,
      isUint: isInt && re >= 0,
      isFloat: true,
      isComplex: true,
      int64: v,
      uint64: v,
      float64: re,
      complex: [re, 0]
    };
  }
  return {
    isInt: false,
    isUint: false,
    isFloat: false,
    isComplex: true,
    int64: 0n,
    uint64: 0n,
    float64: 0,
    complex: [re, im]
  };
}

// src/template/parse/parser.ts
function parseTrees(name, text, options) {
  const tokens = lex(text);
  const src = { parseName: name, text };
  const set2 = /* @__PURE__ */ new Map();
  const p = new Parser(tokens, src, options, set2);
  p.parseTop(name);
  return set2;
}
function isEmptyTree(n) {
  if (n.type === "list") return n.nodes.every(isEmptyTree);
  if (n.type === "text") return n.text.trim() === "" && !/[^\s]/.test(n.text);
  if (n.type === "comment") return true;
  return false;
}
var Parser = class extends TokenCursor {
  constructor(tokens, src, options, set2) {
    super(tokens, src);
    this.options = options;
    this.set = set2;
  }
  options;
  set;
  vars = ["$"];
  rangeDepth = 0;
  /** Nesting of parenthesised pipelines (Go caps it at 10000). */
  stackDepth = 0;
  add(name, root) {
    const existing = this.set.get(name);
    if (existing === void 0 || isEmptyTree(existing.root)) {
      this.set.set(name, { name, root, src: this.src });
      return;
    }
    if (!isEmptyTree(root)) this.errorf(`template: multiple definition of template ${goQuote(name)}`);
  }
  parseTop(name) {
    const root = { type: "list", pos: this.peek().pos, src: this.src, nodes: [] };
    while (this.peek().typ !== 7 /* EOF */) {
      if (this.peek().typ === 10 /* LeftDelim */) {
        const save = this.mark();
        this.next();
        if (this.nextNonSpace().typ === 26 /* Define */) {
          this.parseDefinition();
          continue;
        }
        this.reset(save);
      }
      const n = this.textOrAction();
      if (n.type === "end" || n.type === "else")
        this.errorf(`unexpected ${n.type === "end" ? "{{end}}" : "{{else}}"}`);
      root.nodes.push(n);
    }
    this.add(name, root);
  }
  parseDefinition() {
    const context = "define clause";
    const nameTok = this.nextNonSpace();
    if (nameTok.typ !== 18 /* String */ && nameTok.typ !== 14 /* RawString */) this.unexpected(nameTok, context);
    const name = this.unquote(nameTok.val);
    this.expect(15 /* RightDelim */, context);
    const savedVars = this.vars;
    this.vars = ["$"];
    const [list2, end] = this.itemList();
    if (end.type !== "end") this.errorf(`unexpected ${endString(end)} in ${context}`);
    this.vars = savedVars;
    this.add(name, list2);
  }
  unquote(text) {
    try {
      return unquoteString(text);
    } catch (e) {
      return this.errorf(e instanceof LiteralError ? e.message : String(e));
    }
  }
  itemList() {
    const list2 = { type: "list", pos: this.peekNonSpace().pos, src: this.src, nodes: [] };
    while (this.peekNonSpace().typ !== 7 /* EOF */) {
      const n = this.textOrAction();
      if (n.type === "end" || n.type === "else") return [list2, n];
      list2.nodes.push(n);
    }
    return this.errorf("unexpected EOF");
  }
  textOrAction() {
    const t = this.nextNonSpace();
    if (t.typ === 19 /* Text */) return { type: "text", pos: t.pos, src: this.src, text: t.val };
    if (t.typ === 10 /* LeftDelim */) {
      this.actionLine = t.line;
      try {
        return this.action();
      } finally {
        this.actionLine = 0;
      }
    }
    return this.unexpected(t, "input");
  }
  action() {
    const t = this.nextNonSpace();
    switch (t.typ) {
      case 22 /* Block */:
        return this.blockControl();
      case 23 /* Break */:
        return this.breakControl(t, "break");
      case 24 /* Continue */:
        return this.breakControl(t, "continue");
      case 27 /* Else */:
        return this.elseControl();
      case 28 /* End */:
        return { type: "end", pos: this.expect(15 /* RightDelim */, "end").pos };
      case 29 /* If */:
        return this.branch("if");
      case 31 /* Range */:
        return this.branch("range");
      case 32 /* Template */:
        return this.templateControl();
      case 33 /* With */:
        return this.branch("with");
      default:
        break;
    }
    this.backup();
    const tok = this.peek();
    const node = {
      type: "action",
      pos: tok.pos,
      src: this.src,
      line: tok.line,
      pipe: this.pipeline("command")
    };
    return node;
  }
  breakControl(t, kind) {
    const tok = this.nextNonSpace();
    if (tok.typ !== 15 /* RightDelim */) this.unexpected(tok, `{{${kind}}}`);
    if (this.rangeDepth === 0) this.errorf(`{{${kind}}} outside {{range}}`);
    return { type: kind, pos: t.pos, src: this.src, line: t.line };
  }
  elseControl() {
    const peek = this.peekNonSpace();
    if (peek.typ === 29 /* If */ || peek.typ === 33 /* With */)
      return { type: "else", pos: peek.pos, chained: peek.typ };
    const t = this.expect(15 /* RightDelim */, "else");
    return { type: "else", pos: t.pos };
  }
  branch(kind) {
    const mark = this.vars.length;
    if (kind === "range") this.rangeDepth++;
    const pipe = this.pipeline(kind);
    const [list2, first] = this.itemList();
    let next = first;
    if (kind === "range") this.rangeDepth--;
    let elseList;
    if (next.type === "else") {
      const chainTok = kind === "if" ? 29 /* If */ : kind === "with" ? 33 /* With */ : void 0;
      if (chainTok !== void 0 && next.chained === chainTok && this.peekNonSpace().typ === chainTok) {
        this.nextNonSpace();
        elseList = { type: "list", pos: next.pos, src: this.src, nodes: [this.branch(kind)] };
      } else {
        [elseList, next] = this.itemList();
        if (next.type !== "end") this.errorf(`expected end; found ${endString(next)}`);
      }
    }
    this.vars.length = mark;
    return { type: kind, pos: pipe.pos, src: this.src, line: pipe.line, pipe, list: list2, elseList };
  }
  blockControl() {
    const context = "block clause";
    const tok = this.nextNonSpace();
    const name = this.templateName(tok, context);
    const pipe = this.pipeline(context);
    const savedVars = this.vars;
    const savedDepth = this.rangeDepth;
    this.vars = ["$"];
    this.rangeDepth = 0;
    const [list2, end] = this.itemList();
    if (end.type !== "end") this.errorf(`unexpected ${endString(end)} in ${context}`);
    this.vars = savedVars;
    this.rangeDepth = savedDepth;
    this.add(name, list2);
    return { type: "template", pos: tok.pos, src: this.src, line: tok.line, name, pipe };
  }
  templateControl() {
    const context = "template clause";
    const tok = this.nextNonSpace();
    const name = this.templateName(tok, context);
    let pipe;
    if (this.nextNonSpace().typ !== 15 /* RightDelim */) {
      this.backup();
      pipe = this.pipeline(context);
    }
    return { type: "template", pos: tok.pos, src: this.src, line: tok.line, name, pipe };
  }
  templateName(tok, context) {
    if (tok.typ === 18 /* String */ || tok.typ === 14 /* RawString */) return this.unquote(tok.val);
    return this.unexpected(tok, context);
  }
  pipeline(context, end = 15 /* RightDelim */) {
    const start = this.peekNonSpace();
    const pipe = {
      type: "pipe",
      pos: start.pos,
      src: this.src,
      line: start.line,
      isAssign: false,
      decl: [],
      cmds: []
    };
    this.declarations(pipe, context);
    for (; ; ) {
      const t = this.nextNonSpace();
      switch (t.typ) {
        case end:
          this.checkPipeline(pipe, context);
          return pipe;
        case 1 /* Bool */:
        case 3 /* CharConstant */:
        case 4 /* Complex */:
        case 25 /* Dot */:
        case 8 /* Field */:
        case 9 /* Identifier */:
        case 12 /* Number */:
        case 30 /* Nil */:
        case 14 /* RawString */:
        case 18 /* String */:
        case 20 /* Variable */:
        case 11 /* LeftParen */:
          this.backup();
          pipe.cmds.push(this.command());
          if (pipe.cmds.length > 1e5) this.errorf("pipeline too long");
          break;
        default:
          this.unexpected(t, context);
      }
    }
  }
  declarations(pipe, context) {
    for (; ; ) {
      const v = this.peekNonSpace();
      if (v.typ !== 20 /* Variable */) return;
      const save = this.mark();
      this.nextNonSpace();
      const next = this.peekNonSpace();
      if (next.typ === 5 /* Assign */ || next.typ === 6 /* Declare */) {
        pipe.isAssign = next.typ === 5 /* Assign */;
        this.nextNonSpace();
        pipe.decl.push(this.variableNode(v.pos, v.val));
        this.vars.push(v.val);
        return;
      }
      if (next.typ === 2 /* Char */ && next.val === ",") {
        this.nextNonSpace();
        pipe.decl.push(this.variableNode(v.pos, v.val));
        this.vars.push(v.val);
        if (context === "range" && pipe.decl.length < 2) {
          const k = this.peekNonSpace().typ;
          if (k === 20 /* Variable */ || k === 15 /* RightDelim */ || k === 16 /* RightParen */) continue;
          this.errorf("range can only initialize variables");
        }
        this.errorf(`too many declarations in ${context}`);
      }
      this.reset(save);
      return;
    }
  }
  variableNode(pos, text) {
    return { type: "variable", pos, src: this.src, ident: text.split(".") };
  }
  checkPipeline(pipe, context) {
    if (pipe.cmds.length === 0) this.errorf(`missing value for ${context}`);
    pipe.cmds.slice(1).forEach((c, i) => {
      const k = c.args[0]?.type;
      if (k === "bool" || k === "dot" || k === "nil" || k === "number" || k === "string") {
        this.errorf(`non executable command in pipeline stage ${i + 2}`);
      }
    });
  }
  command() {
    const cmd = { type: "command", pos: this.peekNonSpace().pos, src: this.src, args: [] };
    for (; ; ) {
      this.peekNonSpace();
      const operand = this.operand();
      if (operand !== void 0) cmd.args.push(operand);
      const t = this.next();
      if (t.typ === 17 /* Space */) continue;
      if (t.typ === 15 /* RightDelim */ || t.typ === 16 /* RightParen */) this.backup();
      else if (t.typ !== 13 /* Pipe */) this.unexpected(t, "operand");
      break;
    }
    if (cmd.args.length === 0) this.errorf("empty command");
    return cmd;
  }
  operand() {
    const node = this.term();
    if (node === void 0) return void 0;
    if (this.peek().typ !== 8 /* Field */) return node;
    const pos = this.peek().pos;
    const fields = [];
    while (this.peek().typ === 8 /* Field */) fields.push(this.next().val.slice(1));
    switch (node.type) {
      case "field":
        return { type: "field", pos, src: this.src, ident: [...node.ident, ...fields] };
      case "variable":
        return { type: "variable", pos, src: this.src, ident: [...node.ident, ...fields] };
      case "bool":
      case "string":
      case "number":
      case "nil":
      case "dot":
        return this.errorf(`unexpected . after term ${goQuote(nodeString(node))}`);
      default:
        return { type: "chain", pos, src: this.src, node, field: fields };
    }
  }
  term() {
    const t = this.nextNonSpace();
    switch (t.typ) {
      case 9 /* Identifier */:
        if (!this.options.hasFunction(t.val)) this.errorf(`function ${goQuote(t.val)} not defined`);
        return { type: "identifier", pos: t.pos, src: this.src, ident: t.val };
      case 25 /* Dot */:
        return { type: "dot", pos: t.pos, src: this.src };
      case 30 /* Nil */:
        return { type: "nil", pos: t.pos, src: this.src };
      case 20 /* Variable */:
        return this.useVar(t);
      case 8 /* Field */:
        return { type: "field", pos: t.pos, src: this.src, ident: [t.val.slice(1)] };
      case 1 /* Bool */:
        return { type: "bool", pos: t.pos, src: this.src, value: t.val === "true" };
      case 3 /* CharConstant */:
      case 4 /* Complex */:
      case 12 /* Number */:
        try {
          return {
            type: "number",
            pos: t.pos,
            src: this.src,
            text: t.val,
            num: parseNumber(t.val, t.typ === 3 /* CharConstant */)
          };
        } catch (e) {
          return this.errorf(e instanceof LiteralError ? e.message : String(e));
        }
      case 11 /* LeftParen */: {
        if (this.stackDepth >= 1e4) this.errorf("max expression depth exceeded");
        this.stackDepth++;
        try {
          return this.pipeline("parenthesized pipeline", 16 /* RightParen */);
        } finally {
          this.stackDepth--;
        }
      }
      case 18 /* String */:
      case 14 /* RawString */:
        return { type: "string", pos: t.pos, src: this.src, quoted: t.val, text: this.unquote(t.val) };
      default:
        this.backup();
        return void 0;
    }
  }
  useVar(t) {
    const v = this.variableNode(t.pos, t.val);
    if (!this.vars.includes(v.ident[0]))
      this.errorf(`undefined variable ${goQuote(v.ident[0])}`);
    return v;
  }
};
function endString(m) {
  return m.type === "end" ? "{{end}}" : "{{else}}";
}

// src/template/exec/overlay-host.ts
var OverlayHost = class {
  constructor(parent, funcs) {
    this.parent = parent;
    this.funcs = funcs;
  }
  parent;
  funcs;
  own = /* @__PURE__ */ new Map();
  get setName() {
    return this.parent.setName;
  }
  lookup(name) {
    return this.own.get(name) ?? this.parent.lookup(name);
  }
  parseInto(name, source) {
    const trees = parseTrees(name, source, { hasFunction: (f) => this.funcs.has(f) });
    for (const [n, tree] of trees) {
      if (this.lookup(n) !== void 0 && isEmptyTree(tree.root)) continue;
      this.own.set(n, tree);
    }
    return trees.get(name) ?? this.lookup(name);
  }
};

// src/template/exec/executor.ts
var BreakSignal = class {
};
var ContinueSignal = class {
};
var BREAK = new BreakSignal();
var CONTINUE = new ContinueSignal();
var Executor = class _Executor extends Evaluator {
  constructor(shared) {
    super(shared.funcs, shared.builtins, shared.missingKey);
    this.shared = shared;
  }
  shared;
  out = [];
  outLen = 0;
  depth = 0;
  /** Executes `tree` with `data` as dot and `$`; returns the output. */
  run(tree, data) {
    const dot = data === void 0 || data === null ? INVALID : rv(data);
    this.tmplName = tree.name;
    this.vars = [{ name: "$", value: dot }];
    const nodes = tree.root.nodes;
    for (let i = 0; i < nodes.length; i++) this.walk(dot, nodes[i]);
    return this.out.join("");
  }
  callContext(funcName) {
    const shared = this.shared;
    return {
      funcName,
      env: shared.env,
      funcs: shared.funcs,
      missingKey: shared.missingKey,
      state: shared.state,
      hasTemplate: (name) => shared.host.lookup(name) !== void 0,
      executeTemplate: (name, data) => {
        const tree = shared.host.lookup(name);
        if (tree === void 0)
          throw new FuncError(
            `template: no template "${name}" associated with template "${shared.host.setName}"`
          );
        if (shared.nesting >= shared.limits.maxDepth) throw depthError(shared.limits.maxDepth);
        shared.nesting++;
        try {
          return new _Executor(shared).run(tree, data);
        } finally {
          shared.nesting--;
        }
      },
      renderString: (source, data, options) => {
        const host = new OverlayHost(shared.host, shared.funcs);
        const tree = host.parseInto(options?.name ?? shared.host.setName, source);
        if (shared.nesting >= shared.limits.maxDepth) throw depthError(shared.limits.maxDepth);
        const child = { ...shared, host, nesting: shared.nesting + 1 };
        return new _Executor(child).run(tree, data);
      }
    };
  }
  write(s) {
    this.outLen += s.length;
    if (this.outLen > this.shared.limits.maxOutput) {
      this.errorf(
        `output exceeds the limit of ${this.shared.limits.maxOutput} characters`,
        TEMPLATE_CODES.output
      );
    }
    this.out.push(s);
  }
  walk(dot, node) {
    this.at(node);
    switch (node.type) {
      case "action": {
        const val = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.printValue(node, val);
        return;
      }
      case "comment":
        return;
      case "break":
        throw BREAK;
      case "continue":
        throw CONTINUE;
      case "if":
      case "with": {
        const mark = this.vars.length;
        try {
          const list2 = this.chooseBranch(dot, node);
          if (list2 !== void 0) {
            const d = list2 === node.list && node.type === "with" ? this.branchDot : dot;
            const nodes = list2.nodes;
            for (let i = 0; i < nodes.length; i++) {
              const n = nodes[i];
              if (n.type !== "action") this.walk(d, n);
              else {
                this.at(n);
                const val = this.evalPipeline(d, n.pipe);
                if (n.pipe.decl.length === 0) this.printValue(n, val);
              }
            }
          }
        } finally {
          this.vars.length = mark;
        }
        return;
      }
      case "list": {
        const nodes = node.nodes;
        for (let i = 0; i < nodes.length; i++) this.walk(dot, nodes[i]);
        return;
      }
      case "range":
        return this.walkRange(dot, node);
      case "template":
        return this.walkTemplate(dot, node);
      case "text":
        return this.write(node.text);
      default:
        return this.errorf(`unknown node: ${node.type}`);
    }
  }
  /** Value of the last `with` pipeline (the new dot of its body). */
  branchDot = INVALID;
  /** Evaluates an if/with pipeline; returns the list to run (undefined for none). */
  chooseBranch(dot, node) {
    const val = this.evalPipeline(dot, node.pipe);
    if (isTrue(val.v ?? null)) {
      this.branchDot = val;
      return node.list;
    }
    return node.elseList;
  }
  /** Runs one range iteration; returns false on `{{break}}`. */
  iterate(r, mark, index, elem) {
    const decl = r.pipe.decl;
    if (decl.length > 0) {
      if (r.pipe.isAssign) this.setVar(decl[0]?.ident[0], decl.length > 1 ? index : elem);
      else this.vars[this.vars.length - 1].value = elem;
    }
    if (decl.length > 1) {
      if (r.pipe.isAssign) this.setVar(decl[1]?.ident[0], elem);
      else this.vars[this.vars.length - 2].value = index;
    }
    try {
      this.walk(elem, r.list);
    } catch (e) {
      if (e === BREAK) return false;
      if (e !== CONTINUE) throw e;
    } finally {
      this.vars.length = mark;
    }
    return true;
  }
  walkRange(dot, r) {
    this.at(r);
    const outer = this.vars.length;
    try {
      const val = this.evalPipeline(dot, r.pipe);
      const mark = this.vars.length;
      if (!this.rangeOver(r, mark, val.v) && r.elseList !== void 0) this.walk(dot, r.elseList);
    } finally {
      this.vars.length = outer;
    }
  }
  /** Iterates; returns false when there was nothing to iterate (so `else` runs). */
  rangeOver(r, mark, v) {
    if (v === void 0 || v === null) return false;
    if (Array.isArray(v) || v instanceof Uint8Array) {
      const items = v instanceof Uint8Array ? [...v].map((b) => new GoNumber("uint8", BigInt(b))) : v;
      const iface = elemIface(items);
      for (let i = 0; i < items.length; i++)
        if (!this.iterate(r, mark, rv(BigInt(i)), rv(items[i], iface))) break;
      return items.length > 0;
    }
    if (isGoMap(v)) {
      const keys = Object.keys(v).sort(compareKeys);
      const iface = mapElemType(v) === "interface {}";
      for (const k of keys) if (!this.iterate(r, mark, rv(k), rv(v[k], iface))) break;
      return keys.length > 0;
    }
    const count = typeof v === "bigint" ? v : v instanceof GoNumber && typeof v.value === "bigint" ? v.value : void 0;
    if (count !== void 0) {
      if (r.pipe.decl.length > 1)
        this.errorf(`can't use ${this.formatV(v)} to iterate over more than one variable`);
      for (let i = 0n; i < count; i++) {
        const e = typeof v === "bigint" ? i : new GoNumber(v.kind, i);
        if (!this.iterate(r, mark, INVALID, rv(e))) break;
      }
      return count > 0n;
    }
    return this.errorf(`range can't iterate over ${this.formatV(v)}`);
  }
  walkTemplate(dot, t) {
    this.at(t);
    const tree = this.shared.host.lookup(t.name);
    if (tree === void 0) this.errorf(`template ${goQuote(t.name)} not defined`);
    if (this.depth >= this.shared.limits.maxDepth || this.shared.nesting + this.depth >= this.shared.limits.maxDepth) {
      this.errorf(`exceeded maximum template depth (${this.shared.limits.maxDepth})`, TEMPLATE_CODES.depth);
    }
    const newDot = this.evalPipeline(dot, t.pipe);
    const saved = { vars: this.vars, name: this.tmplName, depth: this.depth };
    this.vars = [{ name: "$", value: newDot }];
    this.tmplName = tree.name;
    this.depth++;
    try {
      const nodes = tree.root.nodes;
      for (let i = 0; i < nodes.length; i++) this.walk(newDot, nodes[i]);
    } finally {
      this.vars = saved.vars;
      this.tmplName = saved.name;
      this.depth = saved.depth;
    }
  }
  printValue(n, val) {
    this.at(n);
    const v = val.v;
    if (v === void 0) return this.write("<no value>");
    if (v instanceof GoFunc) this.errorf(`can't print ${nodeString(n)} of type func(...)`);
    this.write(this.formatV(v));
  }
};
function depthError(limit) {
  return new LimitError(LIMIT_CODES.templateDepth, `exceeded maximum template depth (${limit})`);
}

// src/template/builtins/collections.ts
function indexArg(index, cap) {
  let x;
  if (typeof index === "bigint") x = index;
  else if (index instanceof GoNumber && typeof index.value === "bigint") x = index.value;
  else if (index === void 0 || index === null) throw new FuncError("cannot index slice/array with nil");
  else throw new FuncError(`cannot index slice/array with type ${typeName(index)}`);
  if (x < 0n || x > BigInt(cap)) throw new FuncError(`index out of range: ${x}`);
  return Number(x);
}
function lengthOf(v) {
  if (typeof v === "string") return goByteLength(v);
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length;
  return void 0;
}
function indexOnce(item, index) {
  const len = lengthOf(item);
  if (len !== void 0) {
    const x = indexArg(index === null ? void 0 : index, len);
    if (x >= len) throw new FuncError(`index out of range: ${x}`);
    if (typeof item === "string") return new GoNumber("uint8", BigInt(goStringToBytes(item)[x] ?? 0));
    if (item instanceof Uint8Array) return new GoNumber("uint8", BigInt(item[x] ?? 0));
    return item[x];
  }
  if (isGoMap(item)) {
    if (index === void 0 || index === null) throw new FuncError("value is nil; should be of type string");
    if (typeof index !== "string") throw new FuncError(`value has type ${typeName(index)}; should be string`);
    return Object.prototype.hasOwnProperty.call(item, index) ? item[index] : zeroOfElem(mapElemType(item));
  }
  throw new FuncError(`can't index item of type ${typeName(item)}`);
}
function indexValue(item, indexes) {
  if (item === void 0 || item === null) throw new FuncError("index of untyped nil");
  let cur = item;
  for (const ix of indexes) {
    if (cur === null) throw new FuncError("index of nil pointer");
    cur = indexOnce(cur, ix === null ? void 0 : ix);
  }
  return cur;
}
function sliceValue(item, indexes) {
  if (item === void 0 || item === null) throw new FuncError("slice of untyped nil");
  if (indexes.length > 3) throw new FuncError(`too many slice indexes: ${indexes.length}`);
  let cap;
  if (typeof item === "string") {
    if (indexes.length === 3) throw new FuncError("cannot 3-index slice a string");
    cap = goByteLength(item);
  } else if (Array.isArray(item) || item instanceof Uint8Array) cap = item.length;
  else throw new FuncError(`can't slice item of type ${typeName(item)}`);
  const idx = [0, lengthOf(item) ?? 0, 0];
  indexes.forEach((ix, i2) => {
    idx[i2] = indexArg(ix === null ? void 0 : ix, cap);
  });
  const [i, j, k] = idx;
  if (i > j) throw new FuncError(`invalid slice index: ${i} > ${j}`);
  if (indexes.length === 3 && j > k) throw new FuncError(`invalid slice index: ${j} > ${k}`);
  if (typeof item === "string") return goStringFromBytes(goStringToBytes(item).slice(i, j));
  if (item instanceof Uint8Array) return item.slice(i, j);
  return item.slice(i, j);
}
function lengthValue(item) {
  if (item === void 0) throw new FuncError("reflect: call of reflect.Value.Type on zero Value");
  if (item === null) throw new FuncError("len of nil pointer");
  const n = lengthOf(item);
  if (n !== void 0) return BigInt(n);
  if (isGoMap(item)) return BigInt(Object.keys(item).length);
  if (item instanceof GoStruct && item.pointer) throw new FuncError(`len of type ${typeName(item)}`);
  throw new FuncError(`len of type ${typeName(item)}`);
}
var R = "reflect.Value";
var collectionBuiltins = [
  ["index", { params: [R, R], variadic: true, impl: (a) => indexValue(a[0], a.slice(1)) }],
  ["slice", { params: [R, R], variadic: true, impl: (a) => sliceValue(a[0], a.slice(1)) }],
  ["len", { params: [R], impl: (a) => lengthValue(a[0]) }]
];

// src/template/builtins/compare.ts
var BAD_TYPE = "invalid type for comparison";
var MISSING_ARG = "missing argument for comparison";
function basicKind(v) {
  if (v === void 0 || v === null) return "invalid";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "number":
      return "float";
    case "string":
      return "string";
    default:
      break;
  }
  if (v instanceof GoNumber) return v.kind === "float32" ? "float" : v.kind.startsWith("u") ? "uint" : "int";
  if (v instanceof GoComplex) return "complex";
  return "invalid";
}
function num(v) {
  if (typeof v === "bigint" || typeof v === "number") return v;
  if (v instanceof GoNumber) return v.value;
  return 0;
}
function indirect(v) {
  return v === null ? void 0 : v;
}
function incompatible(a, b) {
  return new FuncError(
    `incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`
  );
}
function mixedSign(k1, a, k2, b) {
  if (k1 === "int" && k2 === "uint") return num(a) >= 0n && num(a) === num(b);
  if (k1 === "uint" && k2 === "int") return num(b) >= 0n && num(a) === num(b);
  return void 0;
}
function isComparable(v) {
  return !(Array.isArray(v) || v instanceof Uint8Array || isGoMap(v) || v instanceof GoFunc);
}
function fmtS(v) {
  return printArg(v, "s", noFlags());
}
function eqOne(a, k1, arg) {
  const b = indirect(arg);
  const k2 = basicKind(b);
  if (k1 !== k2) {
    const mixed = mixedSign(k1, a, k2, b);
    if (mixed !== void 0) return mixed;
    if (a !== void 0 && b !== void 0) throw incompatible(a, b);
    return false;
  }
  switch (k1) {
    case "bool":
    case "string":
      return a === b;
    case "complex":
      return a.re === b.re && a.im === b.im;
    case "int":
    case "uint":
    case "float":
      return num(a) === num(b);
    default:
      break;
  }
  if (a === void 0 || b === void 0) return a === b;
  if (typeName(a) !== typeName(b)) {
    throw new FuncError(
      `non-comparable types ${fmtS(a)}: ${typeName(a)}, ${typeName(b)}: ${printArg(b, "v", noFlags())}`
    );
  }
  if (!isComparable(b)) throw new FuncError(`non-comparable type ${fmtS(b)}: ${typeName(b)}`);
  if (a instanceof GoTime && b instanceof GoTime)
    return a.unixNanos === b.unixNanos && a.offsetSeconds === b.offsetSeconds;
  return a === b;
}
function eq(arg1, rest) {
  const a = indirect(arg1);
  if (rest.length === 0) throw new FuncError(MISSING_ARG);
  const k1 = basicKind(a);
  for (const r of rest) if (eqOne(a, k1, r)) return true;
  return false;
}
function lt(arg1, arg2) {
  const a = indirect(arg1);
  const b = indirect(arg2);
  const k1 = basicKind(a);
  const k2 = basicKind(b);
  if (k1 === "invalid" || k2 === "invalid") throw new FuncError(BAD_TYPE);
  if (k1 !== k2) {
    if (k1 === "int" && k2 === "uint")
      return num(a) < 0n || num(a) < num(b);
    if (k1 === "uint" && k2 === "int")
      return num(b) >= 0n && num(a) < num(b);
    throw incompatible(a, b);
  }
  switch (k1) {
    case "bool":
    case "complex":
      throw new FuncError(BAD_TYPE);
    case "string":
      return compareKeys(a, b) < 0;
    default:
      return num(a) < num(b);
  }
}
function le(a, b) {
  return lt(a, b) || eq(a, [b]);
}
var R2 = "reflect.Value";
var compareBuiltins = [
  ["eq", { params: [R2, R2], variadic: true, impl: (a) => eq(a[0], a.slice(1)) }],
  ["ne", { params: [R2, R2], impl: (a) => !eq(a[0], [a[1]]) }],
  ["lt", { params: [R2, R2], impl: (a) => lt(a[0], a[1]) }],
  ["le", { params: [R2, R2], impl: (a) => le(a[0], a[1]) }],
  ["gt", { params: [R2, R2], impl: (a) => !le(a[0], a[1]) }],
  ["ge", { params: [R2, R2], impl: (a) => !lt(a[0], a[1]) }]
];

// src/template/fmt/sprintf.ts
function parseNum(format, i) {
  let j = i;
  let n = 0;
  while (j < format.length && format.charCodeAt(j) >= 48 && format.charCodeAt(j) <= 57) {
    n = n * 10 + (format.charCodeAt(j) - 48);
    if (n > 1e6) return [void 0, format.length];
    j++;
  }
  return j === i ? [void 0, i] : [n, j];
}
function argNumber(st, format, i, numArgs) {
  if (format[i] !== "[") return [i, false];
  st.reordered = true;
  const close = format.indexOf("]", i + 1);
  if (close < 0) {
    st.goodArgNum = false;
    return [i + 1, false];
  }
  const [n, end] = parseNum(format, i + 1);
  if (n === void 0 || end !== close || n < 1 || n > numArgs) {
    st.goodArgNum = false;
    return [close + 1, true];
  }
  st.argNum = n - 1;
  return [close + 1, true];
}
function intFromArg(args, st) {
  const a = args[st.argNum];
  if (st.argNum >= args.length) return void 0;
  st.argNum++;
  let n;
  if (typeof a === "bigint") n = a;
  else if (a instanceof GoNumber && typeof a.value === "bigint") n = a.value;
  if (n === void 0 || n > 1000000n || n < -1000000n) return void 0;
  return Number(n);
}
function describeExtra(a) {
  if (a === null) return "<nil>";
  return `${printArg(a, "T", noFlags())}=${printArg(a, "v", noFlags())}`;
}
function sprintf(format, args) {
  let out = "";
  const st = { argNum: 0, reordered: false, goodArgNum: true };
  const end = format.length;
  let i = 0;
  while (i < end) {
    st.goodArgNum = true;
    const next = format.indexOf("%", i);
    if (next < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, next);
    i = next + 1;
    const f = noFlags();
    for (; i < end; i++) {
      const c = format[i];
      if (c === "#") f.sharp = true;
      else if (c === "0") f.zero = !f.minus;
      else if (c === "+") f.plus = true;
      else if (c === "-") {
        f.minus = true;
        f.zero = false;
      } else if (c === " ") f.space = true;
      else break;
    }
    let afterIndex;
    [i, afterIndex] = argNumber(st, format, i, args.length);
    if (format[i] === "*") {
      i++;
      const w = intFromArg(args, st);
      if (w === void 0) out += "%!(BADWIDTH)";
      else if (w < 0) {
        f.wid = -w;
        f.minus = true;
        f.zero = false;
      } else f.wid = w;
      afterIndex = false;
    } else {
      let w;
      [w, i] = parseNum(format, i);
      if (w !== void 0) f.wid = w;
      if (afterIndex && w !== void 0) st.goodArgNum = false;
    }
    if (i + 1 < end && format[i] === ".") {
      i++;
      if (afterIndex) st.goodArgNum = false;
      [i, afterIndex] = argNumber(st, format, i, args.length);
      if (format[i] === "*") {
        i++;
        const p = intFromArg(args, st);
        if (p === void 0 || p < 0) {
          if (p === void 0) out += "%!(BADPREC)";
        } else f.prec = p;
        afterIndex = false;
      } else {
        let p;
        [p, i] = parseNum(format, i);
        f.prec = p ?? 0;
      }
    }
    if (!afterIndex) [i, afterIndex] = argNumber(st, format, i, args.length);
    if (i >= end) {
      out += "%!(NOVERB)";
      break;
    }
    const verb = String.fromCodePoint(format.codePointAt(i));
    i += verb.length;
    if (verb === "%") {
      out += "%";
      continue;
    }
    if (!st.goodArgNum) {
      out += `%!${verb}(BADINDEX)`;
      continue;
    }
    if (st.argNum >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    if (verb === "v") {
      f.sharpV = f.sharp;
      f.sharp = false;
      f.plusV = f.plus;
      f.plus = false;
    }
    out += printArg(args[st.argNum], verb, f);
    st.argNum++;
  }
  if (!st.reordered && st.argNum < args.length) {
    out += `%!(EXTRA ${args.slice(st.argNum).map(describeExtra).join(", ")})`;
  }
  return out;
}

// src/template/builtins/escape.ts
function evalArgs(args) {
  if (args.length === 1 && typeof args[0] === "string") return args[0];
  return sprint(args.map((a) => a === null ? "<no value>" : a));
}
function htmlEscape(s) {
  return s.replace(
    /["'&<>\0]/g,
    (c) => ({ '"': "&#34;", "'": "&#39;", "&": "&amp;", "<": "&lt;", ">": "&gt;", "\0": "\uFFFD" })[c] ?? c
  );
}
function jsEscape(s) {
  let out = "";
  for (const ch2 of s) {
    const c = ch2.codePointAt(0);
    switch (ch2) {
      case "\\":
        out += "\\\\";
        continue;
      case "'":
        out += "\\'";
        continue;
      case '"':
        out += '\\"';
        continue;
      case "<":
        out += "\\u003C";
        continue;
      case ">":
        out += "\\u003E";
        continue;
      case "&":
        out += "\\u0026";
        continue;
      case "=":
        out += "\\u003D";
        continue;
      default:
        break;
    }
    if (c < 32) out += `\\u00${c.toString(16).toUpperCase().padStart(2, "0")}`;
    else if (c < 128 || isGoPrint(ch2) && !(c >= 55296 && c <= 57343)) out += ch2;
    else out += `\\u${(c >= 55296 && c <= 57343 ? 65533 : c).toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return out;
}
function queryEscape(s) {
  let out = "";
  for (const b of goStringToBytes(s)) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === " ") out += "+";
    else out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
var I = "interface {}";
var escapeBuiltins = [
  ["html", { params: [I], variadic: true, impl: (a) => htmlEscape(evalArgs(a)) }],
  ["js", { params: [I], variadic: true, impl: (a) => jsEscape(evalArgs(a)) }],
  ["urlquery", { params: [I], variadic: true, impl: (a) => queryEscape(evalArgs(a)) }],
  ["print", { params: [I], variadic: true, impl: (a) => sprint(a) }],
  ["printf", { params: ["string", I], variadic: true, impl: (a) => sprintf(a[0], a.slice(1)) }],
  ["println", { params: [I], variadic: true, impl: (a) => sprintln(a) }]
];

// src/template/builtins/call.ts
var INT_KINDS = /* @__PURE__ */ new Set([
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr"
]);
function prepareCallArg(v, t, i) {
  const value = v === null ? void 0 : v;
  if (value === void 0) {
    if (!canBeNil(t)) throw new FuncError(`arg ${i}: value is nil; should be of type ${t}`);
    return zeroOf(t) ?? null;
  }
  if (assignable(value, t)) return value;
  const isIntLike = typeof value === "bigint" || value instanceof GoNumber && value.kind !== "float32";
  if (isIntLike && INT_KINDS.has(t)) {
    const n = typeof value === "bigint" ? value : value.value;
    return t === "int" ? n : new GoNumber(t, n);
  }
  throw new FuncError(`arg ${i}: value has type ${typeName(value)}; should be ${t}`);
}

// src/template/builtins/index.ts
var R3 = "reflect.Value";
var andSpec = { params: [R3, R3], variadic: true, impl: (a) => a[a.length - 1] };
var orSpec = { params: [R3, R3], variadic: true, impl: (a) => a[a.length - 1] };
var callSpec = {
  params: [R3, R3],
  variadic: true,
  // The executor prepends the callee's source text (Go 1.21+ does the same for messages).
  impl: (a, ctx) => {
    const [name, fnv, ...rest] = a;
    const f = fnv === null ? void 0 : fnv;
    if (f === void 0) throw new FuncError("call of nil");
    if (!(f instanceof GoFunc)) throw new FuncError(`non-function ${String(name)} of type ${typeName(f)}`);
    const spec = f.spec;
    const n = spec.params.length;
    if (spec.variadic === true) {
      if (rest.length < n - 1)
        throw new FuncError(
          `wrong number of args for ${String(name)}: got ${rest.length} want at least ${n - 1}`
        );
    } else if (rest.length !== n)
      throw new FuncError(`wrong number of args for ${String(name)}: got ${rest.length} want ${n}`);
    const argv = rest.map((v, i) => prepareCallArg(v, spec.params[Math.min(i, n - 1)] ?? "interface {}", i));
    return spec.impl(argv, ctx);
  }
};
SPECIAL_BUILTINS.set(andSpec, "and");
SPECIAL_BUILTINS.set(orSpec, "or");
SPECIAL_BUILTINS.set(callSpec, "call");
function builtinFunctions() {
  return BUILTINS;
}
var BUILTINS = new Map([
  ["and", andSpec],
  ["or", orSpec],
  ["not", { params: [R3], impl: (a) => !isTrue(a[0] ?? null) }],
  ["call", callSpec],
  ...compareBuiltins,
  ...collectionBuiltins,
  ...escapeBuiltins
]);

// src/template/template-set.ts
var TemplateSet = class {
  constructor(options = {}) {
    this.options = options;
    this.setName = options.setName ?? "gotpl";
    this.funcs = mergeFuncMaps(builtinFunctions(), options.funcs ?? /* @__PURE__ */ new Map());
  }
  options;
  setName;
  trees = /* @__PURE__ */ new Map();
  funcs;
  /** Parses `source` as template `name` (plus its defines). Throws a parse {@link GoTemplateError}. */
  parse(name, source) {
    this.parseInto(name, source);
    return this;
  }
  /** Parses and returns the top-level tree (Go's `t.New(name).Parse(source)`). */
  parseInto(name, source) {
    let trees;
    try {
      trees = parseTrees(name, source, { hasFunction: (f) => this.funcs.has(f) });
    } catch (e) {
      if (!isStackExhausted(e)) throw e;
      const msg = "max expression depth exceeded";
      throw new GoTemplateError({
        code: TEMPLATE_CODES.depth,
        goMessage: `template: ${name}: ${msg}`,
        innermost: msg,
        file: name,
        cause: e
      });
    }
    for (const [n, tree] of trees) {
      if (this.trees.has(n) && isEmptyTree(tree.root)) continue;
      this.trees.set(n, tree);
    }
    return trees.get(name) ?? this.trees.get(name);
  }
  /** True when a template of that name exists. */
  has(name) {
    return this.trees.has(name);
  }
  /** Names of all templates, sorted. */
  names() {
    return [...this.trees.keys()].sort();
  }
  lookup(name) {
    return this.trees.get(name);
  }
  /** Executes template `name` with `data` as dot. Throws a {@link GoTemplateError}. */
  execute(name, data) {
    const tree = this.trees.get(name);
    if (tree === void 0) {
      const msg = `template: no template "${name}" associated with template "${this.setName}"`;
      throw new GoTemplateError({ code: TEMPLATE_CODES.exec, goMessage: msg, innermost: msg, file: name });
    }
    const shared = {
      host: this,
      funcs: this.funcs,
      builtins: builtinFunctions(),
      missingKey: this.options.missingKey ?? "default",
      env: this.options.env ?? {},
      limits: {
        maxDepth: this.options.maxDepth ?? 1e5,
        maxOutput: this.options.maxOutput ?? 64 * 1024 * 1024
      },
      state: /* @__PURE__ */ new Map(),
      nesting: 0
    };
    try {
      return new Executor(shared).run(tree, data);
    } catch (e) {
      if (isStackExhausted(e)) {
        const msg = `exceeded maximum template depth (${shared.limits.maxDepth})`;
        throw new GoTemplateError({
          code: TEMPLATE_CODES.depth,
          goMessage: `template: ${name}: ${msg}`,
          innermost: msg,
          file: name,
          cause: e
        });
      }
      throw e;
    }
  }
};

// src/template/render-template.ts
function renderTemplate(source, data, options) {
  const setOptions = {
    funcs: options.funcs,
    setName: options.setName ?? "gotpl",
    ...options.missingKey === void 0 ? {} : { missingKey: options.missingKey },
    ...options.env === void 0 ? {} : { env: options.env },
    ...options.maxDepth === void 0 ? {} : { maxDepth: options.maxDepth },
    ...options.maxOutput === void 0 ? {} : { maxOutput: options.maxOutput }
  };
  const set2 = new TemplateSet(setOptions);
  for (const t of options.templates ?? []) set2.parse(t.name, t.source);
  set2.parse(options.name, source);
  return set2.execute(options.name, data === void 0 ? null : data);
}

// src/render/path-templates.ts
var TEMPLATE_OUTPUT_DIR = "{{ .OutputDir }}/{{ .State.BaseName }}-{{ .State.AbsPathSHA1 }}-{{ .Release.Name}}";
function struct(typeName2, fields) {
  return new GoStruct(typeName2, new Map(Object.entries(fields)));
}
function releaseStruct(r) {
  const labels = newMap();
  for (const [k, v] of Object.entries(r.labels)) labels[k] = v;
  return struct("state.ReleaseSpec", {
    Chart: typeof r.spec.chart === "string" ? r.spec.chart : r.chart,
    Name: r.name,
    Namespace: r.namespace,
    Version: r.version ?? "",
    KubeContext: r.kubeContext ?? "",
    Labels: labels
  });
}
function stateStruct(r) {
  const file = import_node_path4.posix.basename(r.stateFile);
  return struct("app.state", {
    BaseName: file.slice(0, file.length - import_node_path4.posix.extname(file).length),
    Path: file,
    AbsPath: r.stateFile,
    AbsPathSHA1: (0, import_node_crypto2.createHash)("sha1").update(r.stateFile).digest("hex").slice(0, 8)
  });
}
function environmentStruct(env) {
  return struct("environment.Environment", {
    Name: env.name,
    KubeContext: env.kubeContext,
    Values: env.values
  });
}
function render(name, source, data) {
  return import_node_path4.posix.normalize(renderTemplate(source, data, { name, funcs: /* @__PURE__ */ new Map() }));
}
function templateOutputDir(outputDir, r, env, template = "") {
  const data = struct("", {
    OutputDir: outputDir,
    State: stateStruct(r),
    Release: releaseStruct(r),
    Environment: environmentStruct(env)
  });
  return render("output-dir", template === "" ? TEMPLATE_OUTPUT_DIR : template, data);
}

// src/render/template-flags.ts
function templateFlags(input) {
  const { release: r, helmDefaults: d } = input;
  const opt2 = input.options ?? {};
  const repo = repositoryOf(str(r, "chart") ?? "", input.repositories ?? []);
  const flags = [];
  const version = (str(r, "version") ?? "").split("@")[0] ?? "";
  if (version !== "") flags.push("--version", version);
  if (bool(r, "devel") ?? bool(d, "devel") ?? false) flags.push("--devel");
  for (const adopt of strList(r, "adopt")) flags.push("--adopt", adopt);
  if (bool(r, "enableDNS") ?? bool(d, "enableDNS") ?? false) flags.push("--enable-dns");
  const renderer = nonEmpty(str(r, "postRenderer")) ?? nonEmpty(opt2.postRenderer) ?? nonEmpty(str(d, "postRenderer"));
  if (renderer !== void 0) flags.push("--post-renderer", postRendererName(renderer, input.helmMajor ?? 3));
  flags.push(...postRendererArgFlags(r, d, opt2));
  for (const api of strList(r, "apiVersions").length > 0 ? strList(r, "apiVersions") : input.apiVersions ?? []) {
    flags.push("--api-versions", api);
  }
  const kubeVersion = nonEmpty(opt2.kubeVersion) ?? nonEmpty(str(r, "kubeVersion")) ?? nonEmpty(input.kubeVersion);
  if (kubeVersion !== void 0) flags.push("--kube-version", kubeVersion);
  if (bool(r, "plainHttp") === true || bool(d, "plainHttp") === true || bool(repo, "plainHttp") === true) {
    flags.push("--plain-http");
  } else if (bool(r, "insecureSkipTLSVerify") === true || bool(d, "insecureSkipTLSVerify") === true || bool(repo, "skipTLSVerify") === true) {
    flags.push("--insecure-skip-tls-verify");
  }
  for (const s of opt2.showOnly ?? []) if (s !== "") flags.push("--show-only", s);
  if (bool(r, "skipSchemaValidation") === true || opt2.skipSchemaValidation === true || bool(d, "skipSchemaValidation") === true) {
    flags.push("--skip-schema-validation");
  }
  const kubeContext = releaseKubeContext(r, d, input.environmentKubeContext);
  if (kubeContext !== "") flags.push("--kube-context", kubeContext);
  const targs = nonEmpty(opt2.templateArgs) ?? (Array.isArray(d.templateArgs) ? strList(d, "templateArgs").join(" ") : void 0);
  if (targs !== void 0 && targs !== "") flags.push(...collectArgs(targs));
  return flags;
}
function releaseKubeContext(release, helmDefaults, environmentKubeContext) {
  return nonEmpty(str(release, "kubeContext")) ?? nonEmpty(environmentKubeContext) ?? nonEmpty(str(helmDefaults, "kubeContext")) ?? "";
}
function postRendererArgFlags(r, d, opt2) {
  let args = strList(r, "postRendererArgs");
  if (args.length === 0) args = [...opt2.postRendererArgs ?? []];
  if (args.length === 0) args = strList(d, "postRendererArgs");
  return args.filter((a) => a !== "").map((a) => `--post-renderer-args=${a}`);
}
function postRendererName(path, helmMajor) {
  if (helmMajor < 4 || !/\.(sh|bash)$/.test(path)) return path;
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.slice(0, base.lastIndexOf("."));
}
function repositoryOf(chart, repositories2) {
  const parts = chart.split("/");
  if (parts.length < 2) return void 0;
  return repositories2.find((r) => str(r, "name") === parts[0]);
}
function nonEmpty(s) {
  return s === void 0 || s === "" ? void 0 : s;
}

// src/render/render-release.ts
async function renderRelease(release, chart, ctx, index) {
  const { args, files } = buildTemplateArgs(release, chart, ctx, index);
  const key = cacheKey(release, chart, args, files, ctx);
  const base = { release, displayChart: chart.displayChart, args };
  if (key !== void 0) {
    const hit = ctx.cache?.get(key);
    if (hit !== void 0) {
      ctx.logger?.debug(`render cache hit for release ${release.name} (${key.slice(0, 12)})`);
      return { ...base, manifest: hit, cached: true };
    }
  }
  try {
    for (const f of files) ctx.scratch.writeFile(f.path, f.content, 384);
    ctx.logger?.debug(`exec: ${ctx.helm.path} ${args.map(redactArg).join(" ")}`);
    const r = await ctx.runner.run(ctx.helm.path, args, { env: ctx.env });
    if (r.exitCode !== 0) throw templateFailure(release, chart, args, r.stderr);
    if (r.stderr.trim() !== "") ctx.logger?.debug(r.stderr.trimEnd());
    if (key !== void 0) ctx.cache?.put(key, r.stdout);
    if ((ctx.template.outputDir ?? "") !== "" || (ctx.template.outputDirTemplate ?? "") !== "") {
      return { ...base, manifest: "", cached: false, outputLog: dedupeWroteLines(r.stdout) };
    }
    return { ...base, manifest: r.stdout, cached: false };
  } finally {
    for (const f of files) ctx.scratch.remove(f.path);
  }
}
function dedupeWroteLines(out) {
  const seen = /* @__PURE__ */ new Set();
  return out.split("\n").filter((line) => {
    if (!line.startsWith("wrote ")) return true;
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  }).join("\n").replace(/\n+$/, "");
}
function buildTemplateArgs(release, chart, ctx, index) {
  const spec = Object.assign(newMap(), release.spec);
  if (release.kubeContext !== void 0) spec.kubeContext = release.kubeContext;
  const args = ["template", release.name, chart.chartArg];
  args.push(
    ...templateFlags({ ...ctx.flagsBase, release: spec, options: ctx.template, helmMajor: ctx.helm.major })
  );
  if (release.namespace !== "") args.push("--namespace", release.namespace);
  const files = [];
  release.values.forEach((v, j) => {
    if (v.kind === "file") {
      args.push("--values", v.path);
      return;
    }
    const path = import_node_path5.posix.join(ctx.valuesDir, `${index}-${j}-values.yaml`);
    files.push({ path, content: v.content });
    args.push("--values", path);
  });
  for (const s of release.setFlags) args.push(`--${s.kind}`, s.expression);
  const t = ctx.template;
  for (const v of t.values ?? []) args.push("--values", v);
  for (const s of t.set ?? []) args.push("--set", s);
  if ((t.outputDir ?? "") !== "" || (t.outputDirTemplate ?? "") !== "") {
    const dir = templateOutputDir(t.outputDir ?? "", release, ctx.environment, t.outputDirTemplate ?? "");
    ctx.scratch.makeDir(dir);
    args.push("--output-dir", dir);
  }
  if (t.validate === true) args.push("--validate");
  if (t.includeCrds === true) args.push("--include-crds");
  if (t.noHooks === true) args.push("--no-hooks");
  if (t.skipTests === true) args.push("--skip-tests");
  args.push(...ctx.extraArgs);
  return { args, files };
}
function cacheKey(release, chart, args, files, ctx) {
  if (ctx.cache === void 0 || release.hasSecrets || release.setFlags.some((s) => s.secret))
    return void 0;
  if (args.some(
    (a) => a === "--output-dir" || a === "--validate" || a.startsWith("--dry-run") || a.startsWith("--post-renderer")
  ))
    return void 0;
  const version = release.version ?? "";
  if (!chart.isLocal && !/^v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.test(version))
    return void 0;
  const pending = new Map(files.map((f) => [f.path, f.content]));
  const parts = [`helm ${ctx.helm.raw}`];
  for (const a of args) {
    const inline = pending.get(a);
    if (inline !== void 0) parts.push(`inline-values:${inline}`);
    else if (a === chart.chartArg && chart.isLocal) parts.push(`local-chart:${ctx.chartHash(a)}`);
    else parts.push(a);
  }
  for (const v of release.values) {
    if (v.kind === "file") parts.push(`file:${v.path}:${fileHash(ctx.fs, v.path)}`);
  }
  for (const v of ctx.template.values ?? []) parts.push(`file:${v}:${fileHash(ctx.fs, v)}`);
  for (const s of release.setFlags) {
    if (s.kind === "set-file")
      parts.push(`set-file:${s.expression}:${setFileHash(ctx.fs, s.expression, release.baseDir)}`);
  }
  return hashParts(parts);
}
function fileHash(fs, path) {
  try {
    return (0, import_node_crypto3.createHash)("sha256").update(fs.readBytes(path)).digest("hex");
  } catch {
    return "missing";
  }
}
function setFileHash(fs, expression, baseDir) {
  const eq2 = expression.indexOf("=");
  const path = expression.slice(eq2 + 1);
  return fileHash(fs, import_node_path5.posix.resolve(baseDir, path));
}
function hashChartDirectory(dir, fs, scratch) {
  const h = (0, import_node_crypto3.createHash)("sha256");
  for (const rel of scratch.listFilesRecursive(dir)) {
    h.update(`${rel}\0`);
    h.update(fs.readBytes(import_node_path5.posix.join(dir, rel)));
    h.update("\0");
  }
  return h.digest("hex");
}
function templateFailure(release, chart, args, stderr) {
  const command = `helm ${args.map(redactArg).join(" ")}`;
  return new RenderError(
    "HELM_TEMPLATE_FAILED",
    `release "${release.name}" (chart ${chart.displayChart}): helm template failed
command: ${command}
${stderr.trim()}`,
    { file: release.stateFile, found: stderr.trim() }
  );
}
function redactArg(arg, i, all) {
  const prev = all[i - 1] ?? "";
  if (/^--set(-string|-json|-literal)?$/.test(prev)) {
    return arg.split(",").map((kv) => kv.includes("=") ? `${kv.slice(0, kv.indexOf("="))}=***` : kv).join(",");
  }
  return /\s/.test(arg) ? JSON.stringify(arg) : arg;
}

// src/render/render-state.ts
function openRenderSession(options, io) {
  const home = options.isolateHelmHome === false ? void 0 : createHelmHome(io.scratch, options.seedRepositories);
  const env = { ...options.env ?? {}, ...home?.env ?? {} };
  const cache2 = options.cache === void 0 ? void 0 : new RenderCache(options.cache, io.fs, io.scratch);
  const chartHashes = /* @__PURE__ */ new Map();
  const syncedRepos = /* @__PURE__ */ new Set();
  const chartHash = (dir) => {
    let h = chartHashes.get(dir);
    if (h === void 0) {
      h = hashChartDirectory(dir, io.fs, io.scratch);
      chartHashes.set(dir, h);
    }
    return h;
  };
  return {
    renderState: async (state) => {
      try {
        return await renderOneState(state, options, io, { env, cache: cache2, chartHash, syncedRepos });
      } finally {
        cache2?.prune();
      }
    },
    dispose: () => home?.dispose()
  };
}
async function renderDesiredState(desired, options, io) {
  const session = openRenderSession(options, io);
  try {
    const out = [];
    for (const state of desired.states) {
      const r = await session.renderState(state);
      if (r.error !== void 0) throw r.error;
      out.push(...r.rendered);
    }
    return out;
  } finally {
    session.dispose();
  }
}
async function renderOneState(state, options, io, shared) {
  const { env, cache: cache2, chartHash } = shared;
  let releases;
  try {
    releases = planReleases(state.releases.filter((r) => r.installed));
  } catch (err) {
    return { state, rendered: [], error: asError(err) };
  }
  const d = state.helmDefaults;
  const skipRepos = options.skipDeps === true || options.skipRefresh === true || bool(d, "skipDeps") === true || bool(d, "skipRefresh") === true;
  const valuesDir = io.scratch.makeTempDir("pulumi-helmfile-values-");
  try {
    if (!skipRepos) {
      const key = (r) => `${r.name}\0${r.url}`;
      const fresh = state.repositories.filter((r) => !shared.syncedRepos.has(key(r)));
      await syncRepositories(fresh, options.helm, io.runner, env, io.logger);
      for (const r of fresh) shared.syncedRepos.add(key(r));
    }
    const charts = await prepareCharts(
      releases,
      {
        helm: options.helm,
        helmDefaults: d,
        skipDeps: options.skipDeps === true,
        skipRefresh: options.skipRefresh === true,
        env,
        repositories: state.repositories
      },
      io.fs,
      io.runner,
      io.logger
    );
    const ctx = {
      helm: options.helm,
      env,
      fs: io.fs,
      runner: io.runner,
      scratch: io.scratch,
      valuesDir,
      flagsBase: flagsBaseOf(state, options),
      template: options.template ?? {},
      extraArgs: extraHelmArgs(options.template?.args ?? "", strList(d, "args")),
      cache: cache2,
      chartHash,
      logger: io.logger,
      environment: {
        name: state.environment,
        kubeContext: flagsBaseOf(state, options).environmentKubeContext ?? "",
        values: state.values
      }
    };
    const results = await runPool(releases, options.concurrency ?? 0, (r, i) => {
      const chart = charts.get(r);
      if (chart === void 0) throw new RenderError("INTERNAL", `no prepared chart for release ${r.name}`);
      return renderRelease(r, chart, ctx, i);
    });
    const rendered = [];
    for (const [i, res] of results.entries()) {
      if (res.ok) {
        rendered.push(res.value);
        continue;
      }
      const release = releases[i];
      const displayChart = charts.get(release)?.displayChart ?? release.chart;
      return { state, rendered, error: asError(res.error), failed: { release, displayChart } };
    }
    return { state, rendered };
  } catch (err) {
    return { state, rendered: [], error: asError(err) };
  } finally {
    io.scratch.remove(valuesDir);
  }
}
function flagsBaseOf(state, options) {
  const doc = state.document;
  const envs = sub(doc, "environments");
  const envSpec = envs === void 0 ? void 0 : envs[state.environment];
  const envKubeContext = options.environmentKubeContext ?? (isMap(envSpec) ? str(envSpec, "kubeContext") : void 0);
  const kubeVersion = str(doc, "kubeVersion");
  return {
    helmDefaults: state.helmDefaults,
    repositories: state.repositories.map((r) => r.spec),
    apiVersions: strList(doc, "apiVersions"),
    ...kubeVersion === void 0 ? {} : { kubeVersion },
    ...envKubeContext === void 0 ? {} : { environmentKubeContext: envKubeContext }
  };
}
async function runPool(items, limit, fn2) {
  const results = new Array(items.length);
  let next = 0;
  let firstFailure = Number.POSITIVE_INFINITY;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      if (i > firstFailure) {
        results[i] = { ok: false, error: new RenderError("SKIPPED", "skipped after an earlier failure") };
        continue;
      }
      try {
        results[i] = { ok: true, value: await fn2(items[i], i) };
      } catch (error) {
        results[i] = { ok: false, error };
        firstFailure = Math.min(firstFailure, i);
      }
    }
  };
  const n = limit <= 0 ? items.length : Math.min(limit, items.length);
  await Promise.all(Array.from({ length: n }, worker));
  return results;
}
function asError(err) {
  if (isHelmfileError(err)) return err;
  return new RenderError("RENDER_FAILED", err instanceof Error ? err.message : String(err), { cause: err });
}

// src/node/node-file-system.ts
var import_node_fs = require("node:fs");
var import_node_path6 = require("node:path");
var NodeFileSystem = class {
  cwd;
  constructor(cwd) {
    this.cwd = cwd ?? process.cwd();
  }
  abs(path) {
    return (0, import_node_path6.isAbsolute)(path) ? path : (0, import_node_path6.resolve)(this.cwd, path);
  }
  readFile(path) {
    return Buffer.from(this.readBytes(path)).toString("utf8");
  }
  readBytes(path) {
    try {
      return (0, import_node_fs.readFileSync)(this.abs(path));
    } catch (err) {
      throw new LoadError("FILE_NOT_FOUND", `cannot read file: ${errnoText(err)}`, {
        file: path,
        cause: err
      });
    }
  }
  exists(path) {
    return (0, import_node_fs.existsSync)(this.abs(path));
  }
  isDirectory(path) {
    return statOrUndefined(this.abs(path))?.isDirectory() ?? false;
  }
  isFile(path) {
    return statOrUndefined(this.abs(path))?.isFile() ?? false;
  }
  readDir(path) {
    try {
      return (0, import_node_fs.readdirSync)(this.abs(path)).sort();
    } catch (err) {
      throw new LoadError("FILE_NOT_FOUND", `cannot read directory: ${errnoText(err)}`, {
        file: path,
        cause: err
      });
    }
  }
  glob(pattern) {
    const absPattern = this.abs(pattern);
    const parts = absPattern.split(import_node_path6.sep);
    let fixed = 0;
    while (fixed < parts.length && !/[*?[]/.test(parts[fixed] ?? "")) fixed++;
    if (fixed === parts.length) return (0, import_node_fs.existsSync)(absPattern) ? [absPattern] : [];
    const base = parts.slice(0, fixed).join(import_node_path6.sep) || import_node_path6.sep;
    const out = [];
    matchSegments(base, parts.slice(fixed), out);
    return [...new Set(out)].sort();
  }
};
function matchSegments(dir, segments, out) {
  const [seg, ...rest] = segments;
  if (seg === void 0) return;
  if (seg === "**") {
    if (rest.length === 0) {
      walk(dir, "", (rel) => out.push((0, import_node_path6.join)(dir, rel)));
      return;
    }
    matchSegments(dir, rest, out);
    for (const name of safeReadDir(dir)) {
      const child = (0, import_node_path6.join)(dir, name);
      if (statOrUndefined(child)?.isDirectory()) matchSegments(child, segments, out);
    }
    return;
  }
  const re = segmentRegExp(seg);
  for (const name of safeReadDir(dir)) {
    if (!re.test(name)) continue;
    const child = (0, import_node_path6.join)(dir, name);
    if (rest.length === 0) out.push(child);
    else if (statOrUndefined(child)?.isDirectory()) matchSegments(child, rest, out);
  }
}
function safeReadDir(dir) {
  try {
    return (0, import_node_fs.readdirSync)(dir);
  } catch {
    return [];
  }
}
function statOrUndefined(path) {
  try {
    return (0, import_node_fs.statSync)(path);
  } catch {
    return void 0;
  }
}
function errnoText(err) {
  return err instanceof Error ? err.message : String(err);
}
function walk(dir, rel, visit) {
  let names;
  try {
    names = (0, import_node_fs.readdirSync)((0, import_node_path6.join)(dir, rel));
  } catch {
    return;
  }
  for (const name of names) {
    const childRel = rel === "" ? name : `${rel}/${name}`;
    visit(childRel);
    if (statOrUndefined((0, import_node_path6.join)(dir, childRel))?.isDirectory()) walk(dir, childRel, visit);
  }
}
function segmentRegExp(seg) {
  let re = "";
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = seg.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        const body = seg.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\");
        re += `[${body}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

// src/node/node-process-runner.ts
var import_node_child_process = require("node:child_process");
var NodeProcessRunner = class {
  baseEnv;
  cwd;
  constructor(options = {}) {
    this.baseEnv = options.baseEnv ?? process.env;
    this.cwd = options.cwd;
  }
  env(options) {
    const env = {};
    for (const [k, v] of Object.entries(this.baseEnv)) if (v !== void 0) env[k] = v;
    for (const [k, v] of Object.entries(options.env ?? {})) env[k] = v;
    return env;
  }
  run(command, args, options = {}) {
    return new Promise((resolveResult) => {
      const child = (0, import_node_child_process.spawn)(command, [...args], {
        cwd: options.cwd ?? this.cwd,
        env: this.env(options),
        stdio: ["pipe", "pipe", "pipe"],
        ...options.timeoutMs === void 0 ? {} : { timeout: options.timeoutMs }
      });
      const out = [];
      const err = [];
      let spawnError;
      child.stdout.on("data", (b) => out.push(b));
      child.stderr.on("data", (b) => err.push(b));
      child.on("error", (e) => {
        spawnError = e;
      });
      child.on("close", (code, signal) => {
        const stderr = Buffer.concat(err).toString("utf8");
        resolveResult({
          exitCode: spawnError !== void 0 ? 127 : code ?? (signal === null ? 1 : 128),
          stdout: Buffer.concat(out).toString("utf8"),
          stderr: spawnError !== void 0 ? `${stderr}${spawnError.message}
` : stderr
        });
      });
      child.stdin.on("error", () => {
      });
      child.stdin.end(options.input ?? "");
    });
  }
  runSync(command, args, options = {}) {
    const r = (0, import_node_child_process.spawnSync)(command, [...args], {
      cwd: options.cwd ?? this.cwd,
      env: this.env(options),
      input: options.input ?? "",
      maxBuffer: 1024 * 1024 * 1024,
      ...options.timeoutMs === void 0 ? {} : { timeout: options.timeoutMs }
    });
    if (r.error !== void 0) {
      return { exitCode: 127, stdout: "", stderr: `${r.error.message}
` };
    }
    return {
      exitCode: r.status ?? 128,
      stdout: r.stdout.toString("utf8"),
      stderr: r.stderr.toString("utf8")
    };
  }
};

// src/node/node-scratch-fs.ts
var import_node_fs2 = require("node:fs");
var import_node_os = require("node:os");
var import_node_path7 = require("node:path");
var NodeScratchFileSystem = class {
  constructor(tempRoot = (0, import_node_os.tmpdir)()) {
    this.tempRoot = tempRoot;
  }
  tempRoot;
  makeTempDir(prefix) {
    (0, import_node_fs2.mkdirSync)(this.tempRoot, { recursive: true });
    const dir = (0, import_node_fs2.mkdtempSync)((0, import_node_path7.join)(this.tempRoot, prefix));
    return dir;
  }
  makeDir(path) {
    (0, import_node_fs2.mkdirSync)(path, { recursive: true, mode: 448 });
  }
  writeFile(path, content, mode = 384) {
    (0, import_node_fs2.writeFileSync)(path, content, { mode });
  }
  rename(from, to) {
    (0, import_node_fs2.renameSync)(from, to);
  }
  remove(path) {
    (0, import_node_fs2.rmSync)(path, { recursive: true, force: true });
  }
  stat(path) {
    try {
      const s = (0, import_node_fs2.statSync)(path);
      return { isDirectory: s.isDirectory(), size: s.size, mtimeMs: s.mtimeMs };
    } catch {
      return void 0;
    }
  }
  touch(path) {
    const now = /* @__PURE__ */ new Date();
    try {
      (0, import_node_fs2.utimesSync)(path, now, now);
    } catch {
    }
  }
  listFilesRecursive(dir) {
    const out = [];
    const walk2 = (rel) => {
      let names;
      try {
        names = (0, import_node_fs2.readdirSync)(rel === "" ? dir : (0, import_node_path7.join)(dir, rel));
      } catch {
        return;
      }
      for (const name of names) {
        const childRel = rel === "" ? name : `${rel}/${name}`;
        const s = this.stat((0, import_node_path7.join)(dir, childRel));
        if (s === void 0) continue;
        if (s.isDirectory) walk2(childRel);
        else out.push(childRel);
      }
    };
    walk2("");
    return out.sort();
  }
};

// src/node/find-helm.ts
var import_node_fs3 = require("node:fs");
var import_node_path8 = require("node:path");
function resolveHelmPath(options = {}) {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const candidates = [];
  if (options.explicit !== void 0 && options.explicit !== "")
    candidates.push([options.explicit, "the helm binary option"]);
  else if (env.HELM_BINARY !== void 0 && env.HELM_BINARY !== "")
    candidates.push([env.HELM_BINARY, "HELM_BINARY"]);
  else candidates.push(["helm", "PATH"]);
  const [name, source] = candidates[0];
  const found = name.includes("/") ? executable((0, import_node_path8.isAbsolute)(name) ? name : (0, import_node_path8.resolve)(cwd, name)) : searchPath(name, env.PATH ?? "");
  if (found === void 0) {
    throw new RenderError("HELM_NOT_FOUND", `helm binary not found: ${name} (from ${source})`, {
      expected: "an executable helm 3 or helm 4 binary (set --helm-binary, HELM_BINARY or PATH)",
      found: name
    });
  }
  return found;
}
async function findHelm(runner, options = {}) {
  const path = resolveHelmPath(options);
  const identity = binaryIdentity(path);
  const remembered = options.versionCacheFile === void 0 ? void 0 : readVersionCache(options.versionCacheFile)[identity];
  const known = remembered === void 0 ? void 0 : parseHelmVersion(remembered);
  if (known !== void 0) return { path, ...known };
  const r = await runner.run(path, ["version", "--short"]);
  const version = parseHelmVersion(r.stdout);
  if (r.exitCode !== 0 || version === void 0) {
    throw new RenderError(
      "HELM_VERSION_UNKNOWN",
      `cannot detect the version of ${path}: ${(r.stderr || r.stdout).trim()}`,
      {
        expected: "output like v3.17.3+gabcdef",
        found: r.stdout.trim()
      }
    );
  }
  if (options.versionCacheFile !== void 0)
    writeVersionCache(options.versionCacheFile, identity, version.raw);
  return { path, ...version };
}
function binaryIdentity(path) {
  const s = (0, import_node_fs3.statSync)(path);
  return `${path}\0${s.size}\0${s.mtimeMs}`;
}
function readVersionCache(file) {
  try {
    const data = JSON.parse((0, import_node_fs3.readFileSync)(file, "utf8"));
    return typeof data === "object" && data !== null ? data : {};
  } catch {
    return {};
  }
}
function writeVersionCache(file, identity, raw) {
  try {
    const data = { ...readVersionCache(file), [identity]: raw };
    (0, import_node_fs3.mkdirSync)((0, import_node_path8.dirname)(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    (0, import_node_fs3.writeFileSync)(tmp, JSON.stringify(data), { mode: 384 });
    (0, import_node_fs3.renameSync)(tmp, file);
  } catch {
  }
}
function parseHelmVersion(text) {
  const m = /v?(\d+)\.(\d+)\.(\d+)\S*/.exec(text.trim());
  if (m === null) return void 0;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), raw: m[0] };
}
function executable(path) {
  try {
    if (!(0, import_node_fs3.statSync)(path).isFile()) return void 0;
    (0, import_node_fs3.accessSync)(path, import_node_fs3.constants.X_OK);
    return path;
  } catch {
    return void 0;
  }
}
function searchPath(name, pathVar) {
  for (const dir of pathVar.split(import_node_path8.delimiter)) {
    if (dir === "") continue;
    const hit = executable((0, import_node_path8.join)(dir, name));
    if (hit !== void 0) return hit;
  }
  return void 0;
}

// src/merge/merge-values.ts
function mergeValues(base, override, options = {}) {
  return mergeMaps(base, override, options.arrays ?? "sparse");
}
function mergeMaps(a, b, strategy) {
  const out = newMap();
  for (const k of Object.keys(a)) out[k] = a[k];
  for (const k of Object.keys(b)) {
    if (FORBIDDEN_KEYS.has(k))
      throw new MergeError("MERGE_FORBIDDEN_KEY", `refusing map key ${JSON.stringify(k)}`);
    const v = b[k];
    if (v === null) {
      if (!(k in out)) out[k] = null;
      continue;
    }
    const current = out[k];
    if (isMap(v) && isMap(current)) {
      out[k] = mergeMaps(current, v, strategy);
      continue;
    }
    if (Array.isArray(v) && Array.isArray(current)) {
      out[k] = mergeLists(current, v, strategy);
      continue;
    }
    out[k] = v;
  }
  return out;
}
function mergeLists(base, override, strategy) {
  if (strategy === "replace") return override;
  if (strategy === "sparse" && !override.some((x) => x === null)) return override;
  const length = Math.max(base.length, override.length);
  const out = [];
  for (let i = 0; i < length; i++) out.push(i < base.length ? base[i] : null);
  override.forEach((v, i) => {
    if (v === null) return;
    const b = i < base.length ? base[i] : void 0;
    out[i] = isMap(v) && isMap(b) ? mergeMaps(b, v, strategy) : v;
  });
  return out;
}

// src/merge/mergo-merge.ts
function mergoOverride(dst, src) {
  const out = newMap();
  for (const k of Object.keys(dst)) out[k] = dst[k];
  for (const k of Object.keys(src)) {
    if (FORBIDDEN_KEYS.has(k))
      throw new MergeError("MERGE_FORBIDDEN_KEY", `refusing map key ${JSON.stringify(k)}`);
    const v = src[k];
    const current = out[k];
    if (isMap(v) && isMap(current) && Object.keys(current).length > 0) {
      out[k] = mergoOverride(current, v);
      continue;
    }
    out[k] = v;
  }
  return out;
}

// src/merge/state-values-set.ts
function parseKey(key) {
  const out = [];
  let part = "";
  let escaped = false;
  for (const ch2 of key) {
    if (!escaped && ch2 === "\\") {
      escaped = true;
      continue;
    }
    const split = ch2 === "." && !escaped;
    escaped = false;
    if (split) {
      out.push(part);
      part = "";
    } else part += ch2;
  }
  if (part.length > 0) out.push(part);
  return out;
}
function typedValue(text, asString = false) {
  if (asString) return text;
  const lower = text.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  if (lower === "null") return null;
  if (text === "0") return 0n;
  if (text.length > 0 && text[0] !== "0" && /^[+-]?\d+$/.test(text)) {
    const n = BigInt(text);
    if (n >= -(2n ** 63n) && n < 2n ** 63n) return n;
  }
  return text;
}
function cursorOf(segment2) {
  const spaced = segment2.replace(/[[\]]/g, " ");
  const m = /^\s*(\S+)\s+([+-]?\d+)/.exec(spaced);
  if (m !== null) return { key: m[1], index: Number(m[2]) };
  return { key: spaced };
}
function checkKey(key) {
  if (FORBIDDEN_KEYS.has(key))
    throw new ConfigError("CONFIG_FORBIDDEN_KEY", `refusing state value key ${JSON.stringify(key)}`);
}
function listAt(m, c) {
  const current = m[c.key];
  let list2;
  if (current === void 0) list2 = [];
  else if (Array.isArray(current)) list2 = current;
  else
    throw new ConfigError("CONFIG_BAD_SET_KEY", `cannot index ${c.key}[${c.index}]: it is not a list`, {
      found: typeof current
    });
  while (list2.length <= c.index) list2.push(null);
  m[c.key] = list2;
  return list2;
}
function descend(m, segment2) {
  const c = cursorOf(segment2);
  checkKey(c.key);
  if (c.index !== void 0 && c.index >= 0) {
    const list2 = listAt(m, { key: c.key, index: c.index });
    let el = list2[c.index];
    if (el === null || el === void 0) {
      el = newMap();
      list2[c.index] = el;
    }
    if (!isMap(el))
      throw new ConfigError("CONFIG_BAD_SET_KEY", `cannot set below ${segment2}: it is not a map`);
    return el;
  }
  if (m[c.key] === void 0) m[c.key] = newMap();
  const next = m[c.key];
  if (!isMap(next))
    throw new ConfigError("CONFIG_BAD_SET_KEY", `cannot set below ${segment2}: it is not a map`);
  return next;
}
function setValueAtKey(start, key, value) {
  if (key.length === 0) throw new ConfigError("CONFIG_BAD_SET_KEY", "empty state value key");
  const root = cloneValue(start);
  let m = root;
  for (const seg of key.slice(0, -1)) m = descend(m, seg);
  const c = cursorOf(key[key.length - 1]);
  checkKey(c.key);
  if (c.index !== void 0 && c.index >= 0) listAt(m, { key: c.key, index: c.index })[c.index] = value;
  else m[c.key] = value;
  return root;
}
function parseStateValuesSet(args) {
  let set2 = newMap();
  for (const arg of args) {
    for (const op of arg.split(",")) {
      const eq2 = op.indexOf("=");
      if (eq2 < 0) {
        throw new ConfigError(
          "CONFIG_BAD_STATE_VALUES_SET",
          `malformed --state-values-set entry ${JSON.stringify(op)}`,
          {
            expected: "key=value",
            found: op
          }
        );
      }
      set2 = setValueAtKey(set2, parseKey(op.slice(0, eq2)), typedValue(op.slice(eq2 + 1)));
    }
  }
  return set2;
}
var SET_STRING_RE = /(?:,|^)([^\s=]+)=(['"][^'"]*['"]|[^,]+)/g;
function parseStateValuesSetString(args) {
  let set2 = newMap();
  for (const arg of args) {
    for (const m of arg.matchAll(SET_STRING_RE)) {
      set2 = setValueAtKey(set2, parseKey(m[1]), m[2]);
    }
  }
  return set2;
}
function parseCliStateValues(setArgs, setStringArgs) {
  let out = newMap();
  if (setStringArgs.length > 0) out = mergeValues(out, parseStateValuesSetString(setStringArgs));
  if (setArgs.length > 0) out = mergeValues(out, parseStateValuesSet(setArgs));
  return out;
}

// src/merge/environment.ts
function newEnvironment(name, kubeContext = "") {
  return { name, kubeContext, defaults: newMap(), values: newMap(), cliOverrides: newMap() };
}
function copyEnvironment(env) {
  return {
    name: env.name,
    kubeContext: env.kubeContext,
    defaults: cloneValue(env.defaults),
    values: cloneValue(env.values),
    cliOverrides: cloneValue(env.cliOverrides)
  };
}
function mergeEnvironments(env, other) {
  if (env === void 0) return other === void 0 ? void 0 : copyEnvironment(other);
  if (other === void 0) return copyEnvironment(env);
  return {
    name: other.name !== "" ? other.name : env.name,
    kubeContext: other.kubeContext !== "" ? other.kubeContext : env.kubeContext,
    values: mergeValues(env.values, other.values),
    defaults: mergeValues(env.defaults, other.defaults),
    cliOverrides: mergeValues(env.cliOverrides, other.cliOverrides, { arrays: "merge" })
  };
}
function getMergedValues(env) {
  let vals = mergeValues(newMap(), env.defaults);
  vals = mergeValues(vals, env.values);
  return mergeValues(vals, env.cliOverrides, { arrays: "merge" });
}
function environmentTemplateValues(env) {
  return mergeValues(env.values, env.cliOverrides, { arrays: "merge" });
}

// src/shared/io.ts
var silentLogger = {
  debug() {
  },
  info() {
  },
  warn() {
  }
};

// src/shared/secrets.ts
var noSecretsDecryptor = {
  decryptFile(path) {
    throw new SecretError(
      "SECRETS_UNSUPPORTED",
      `cannot decrypt secrets file ${path}: no secrets decryptor is configured (pass one, e.g. a helm-secrets/sops runner)`,
      { file: path }
    );
  }
};

// src/load/paths.ts
var import_node_path9 = require("node:path");
function joinPath(...parts) {
  const kept = parts.filter((p) => p !== "");
  return kept.length === 0 ? "" : import_node_path9.posix.normalize(import_node_path9.posix.join(...kept)).replace(/(.)\/$/, "$1");
}
function dirName(p) {
  return import_node_path9.posix.dirname(p);
}
function baseName(p) {
  return import_node_path9.posix.basename(p);
}
function isAbsolute3(p) {
  return p.startsWith("/");
}
function extName(p) {
  return import_node_path9.posix.extname(p);
}
function isRemotePath(p) {
  return /^[a-z0-9+.-]+::/i.test(p) || /^(git|https?|s3|gcs|oci)[a-z0-9+.-]*:\/\//i.test(p);
}

// src/load/storage.ts
var MISSING_FILE_HANDLERS = ["Error", "Warn", "Info", "Debug"];
function normalizePath(loc, path) {
  return isAbsolute3(path) ? path : joinPath(loc.absDir, path);
}
function expandPaths(fs, loc, pattern) {
  const abs = normalizePath(loc, pattern);
  if (!/[*?[]/.test(abs)) return fs.exists(abs) ? [abs] : [];
  return [...fs.glob(abs)].sort();
}
function resolveFile(fs, logger, loc, handler, purpose, path) {
  if (isRemotePath(path)) {
    throw new LoadError(
      "LOAD_REMOTE_UNSUPPORTED",
      `remote ${purpose} file "${path}" cannot be fetched: go-getter URLs are not supported`,
      {
        found: path,
        expected: "a local file path"
      }
    );
  }
  const files = expandPaths(fs, loc, path);
  if (files.length > 0) return { files, skipped: false };
  const title = `${purpose} file`;
  const id = handler ?? "Error";
  switch (id) {
    case "Error":
      throw new LoadError(
        "LOAD_MISSING_FILE",
        `${title} matching "${path}" does not exist in "${loc.displayDir}"`,
        {
          file: normalizePath(loc, path)
        }
      );
    case "Warn":
      logger.warn(`skipping missing ${title} matching "${path}"`);
      return { files: [], skipped: true };
    case "Info":
      logger.info(`skipping missing ${title} matching "${path}"`);
      return { files: [], skipped: true };
    case "Debug":
      logger.debug(`skipping missing ${title} matching "${path}"`);
      return { files: [], skipped: true };
    default:
      throw new LoadError(
        "LOAD_BAD_MISSING_FILE_HANDLER",
        `invalid missing file handler "${id}" while processing "${path}" in "${loc.displayFile}": it must be one of [${MISSING_FILE_HANDLERS.join(" ")}]`,
        { expected: MISSING_FILE_HANDLERS.join(", "), found: id }
      );
  }
}
function stageClass(err) {
  for (const C of [LoadError, TemplateError, SecretError, ConfigError, MergeError])
    if (err instanceof C) return C;
  return HelmfileError;
}
function rewrapError(err, detail) {
  const C = stageClass(err);
  return new C(err.code, detail, {
    ...err.file === void 0 ? {} : { file: err.file },
    ...err.line === void 0 ? {} : { line: err.line },
    ...err.column === void 0 ? {} : { column: err.column },
    ...err.keyPath === void 0 ? {} : { keyPath: err.keyPath },
    ...err.expected === void 0 ? {} : { expected: err.expected },
    ...err.found === void 0 ? {} : { found: err.found },
    cause: err
  });
}
function wrapError(prefix, err) {
  return isHelmfileError(err) ? rewrapError(err, `${prefix}: ${err.detail}`) : err;
}

// src/template/funcs/sprig/certs.ts
var import_node_crypto5 = require("node:crypto");
var import_node_net = require("node:net");

// src/template/funcs/sprig/cast.ts
var INT64_MIN2 = -(2n ** 63n);
var INT64_MAX2 = 2n ** 63n - 1n;
function floatToInt64(f) {
  if (!Number.isFinite(f)) return INT64_MIN2;
  const t = BigInt(Math.trunc(f));
  return t < INT64_MIN2 || t > INT64_MAX2 ? INT64_MIN2 : t;
}
function underscoreOK2(s) {
  let saw = "^";
  let i = 0;
  if (s.startsWith("+") || s.startsWith("-")) i = 1;
  let hex = false;
  if (s.length - i >= 2 && s[i] === "0" && "bBoOxX".includes(s[i + 1])) {
    hex = s[i + 1] === "x" || s[i + 1] === "X";
    i += 2;
    saw = "0";
  }
  for (; i < s.length; i++) {
    const c = s[i];
    if (/[0-9]/.test(c) || hex && /[0-9a-fA-F]/.test(c)) saw = "0";
    else if (c === "_") {
      if (saw !== "0") return false;
      saw = "_";
    } else {
      if (saw === "_") return false;
      saw = "!";
    }
  }
  return saw !== "_";
}
function parseGoInt(s) {
  let body = s;
  let neg = false;
  if (body.startsWith("+") || body.startsWith("-")) {
    neg = body[0] === "-";
    body = body.slice(1);
  }
  if (body === "") return void 0;
  let digits = body;
  let base = 10;
  const p = body.slice(0, 2).toLowerCase();
  if (p === "0x") [base, digits] = [16, body.slice(2)];
  else if (p === "0o") [base, digits] = [8, body.slice(2)];
  else if (p === "0b") [base, digits] = [2, body.slice(2)];
  else if (body.length > 1 && body[0] === "0") [base, digits] = [8, body.slice(1)];
  if (digits.includes("_")) {
    if (!underscoreOK2(s)) return void 0;
    digits = digits.replace(/_/g, "");
  }
  const valid = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base];
  if (valid === void 0 || !valid.test(digits)) return void 0;
  const prefix = { 2: "0b", 8: "0o", 10: "", 16: "0x" }[base] ?? "";
  let v = BigInt(prefix + digits);
  if (neg) v = -v;
  return v < INT64_MIN2 || v > INT64_MAX2 ? void 0 : v;
}
function parseGoFloat(s) {
  const lower = s.toLowerCase();
  const m = /^([+-]?)(inf|infinity|nan)$/.exec(lower);
  if (m !== null) return m[2] === "nan" ? NaN : m[1] === "-" ? -Infinity : Infinity;
  if (/^[+-]?0x/.test(lower)) return parseHexFloat(lower);
  if (s.includes("_") && !underscoreOK2(lower)) return void 0;
  const plain = lower.replace(/_/g, "");
  if (!/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?$/.test(plain)) return void 0;
  const v = Number(plain);
  return Number.isFinite(v) ? v : void 0;
}
function parseHexFloat(lower) {
  if (!underscoreOK2(lower)) return void 0;
  const m = /^([+-]?)0x([0-9a-f]*)\.?([0-9a-f]*)(?:p([+-]?[0-9]+))?$/.exec(lower.replace(/_/g, ""));
  if (m === null) return void 0;
  const [, sign2, int = "", frac = "", exp] = m;
  if (int === "" && frac === "") return void 0;
  if (exp === void 0 && (frac !== "" || lower.includes("."))) return void 0;
  const mant = parseInt(int + frac || "0", 16) / 16 ** frac.length;
  const v = mant * 2 ** Number(exp ?? "0");
  if (!Number.isFinite(v)) return void 0;
  return sign2 === "-" ? -v : v;
}
function trimZeroDecimal(s) {
  let foundZero = false;
  for (let i = s.length; i > 0; i--) {
    const c = s[i - 1];
    if (c === ".") {
      if (foundZero) return s.slice(0, i - 1);
    } else if (c === "0") foundZero = true;
    else return s;
  }
  return s;
}
function toInt64(v) {
  if (v === null) return 0n;
  if (typeof v === "bigint") return BigInt.asIntN(64, v);
  if (typeof v === "number") return floatToInt64(v);
  if (typeof v === "boolean") return v ? 1n : 0n;
  if (typeof v === "string") return parseGoInt(trimZeroDecimal(v)) ?? 0n;
  if (v instanceof GoNumber) {
    if (typeof v.value === "number") return floatToInt64(v.value);
    return BigInt.asIntN(64, v.value);
  }
  return 0n;
}
function toFloat64(v) {
  if (v === null) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") return parseGoFloat(v) ?? 0;
  if (v instanceof GoNumber) return Number(v.value);
  return 0;
}
function intArg(v) {
  if (typeof v === "bigint") return Number(BigInt.asIntN(64, v));
  if (typeof v === "number") return Math.trunc(v);
  if (v instanceof GoNumber) return Number(v.value);
  return 0;
}
function strArg(v) {
  return typeof v === "string" ? v : "";
}

// src/template/funcs/sprig/base-codec.ts
var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
var B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function corrupt(kind, at) {
  return new Error(`illegal ${kind} data at input byte ${at}`);
}
function decodeBase64Go(src) {
  const out = [];
  const isNl = (c) => c === 10 || c === 13;
  let si = 0;
  while (si < src.length) {
    const buf = [];
    let dlen = 4;
    let trailingErr;
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out);
        throw corrupt("base64", si - j);
      }
      const c = src[si];
      si++;
      const d = B64.indexOf(String.fromCharCode(c));
      if (d >= 0 && c < 128) {
        buf[j] = d;
        continue;
      }
      if (isNl(c)) {
        j--;
        continue;
      }
      if (c !== 61 || j < 2) throw corrupt("base64", si - 1);
      if (j === 2) {
        while (si < src.length && isNl(src[si])) si++;
        if (si === src.length) throw corrupt("base64", src.length);
        if (src[si] !== 61) throw corrupt("base64", si - 1);
        si++;
      }
      while (si < src.length && isNl(src[si])) si++;
      if (si < src.length) trailingErr = si;
      dlen = j;
      break;
    }
    const val = (buf[0] ?? 0) << 18 | (buf[1] ?? 0) << 12 | (buf[2] ?? 0) << 6 | (buf[3] ?? 0);
    const bytes = [val >> 16 & 255, val >> 8 & 255, val & 255];
    out.push(...bytes.slice(0, dlen - 1));
    if (trailingErr !== void 0) throw corrupt("base64", trailingErr);
    if (dlen < 4) return Uint8Array.from(out);
  }
  return Uint8Array.from(out);
}
function encodeBase32Go(data) {
  let out = "";
  for (let i = 0; i < data.length; i += 5) {
    const chunk2 = data.subarray(i, i + 5);
    let bits = 0n;
    for (let k = 0; k < 5; k++) bits = bits << 8n | BigInt(chunk2[k] ?? 0);
    const chars = Math.ceil(chunk2.length * 8 / 5);
    for (let k = 0; k < 8; k++) out += k < chars ? B32[Number(bits >> BigInt(35 - k * 5) & 31n)] : "=";
  }
  return out;
}
function decodeBase32Go(input) {
  const src = input.filter((c) => c !== 10 && c !== 13);
  const olen = src.length;
  const out = [];
  let p = 0;
  let end = false;
  while (p < src.length && !end) {
    const dbuf = [];
    let dlen = 8;
    for (let j = 0; j < 8; ) {
      const remaining = src.length - p;
      if (remaining === 0) throw corrupt("base32", olen - remaining - j);
      const c = src[p];
      p++;
      const left = src.length - p;
      if (c === 61 && j >= 2 && left < 8) {
        if (left + j < 7) throw corrupt("base32", olen);
        for (let k = 0; k < 7 - j; k++)
          if (left > k && src[p + k] !== 61) throw corrupt("base32", olen - left + k - 1);
        dlen = j;
        end = true;
        if (dlen === 1 || dlen === 3 || dlen === 6) throw corrupt("base32", olen - left - 1);
        break;
      }
      const d = B32.indexOf(String.fromCharCode(c));
      if (d < 0 || c >= 128) throw corrupt("base32", olen - left - 1);
      dbuf[j] = d;
      j++;
    }
    let bits = 0n;
    for (let k = 0; k < 8; k++) bits = bits << 5n | BigInt(dbuf[k] ?? 0);
    const n = [0, 0, 1, 1, 2, 3, 3, 4, 5][dlen] ?? 5;
    for (let k = 0; k < n; k++) out.push(Number(bits >> BigInt(32 - k * 8) & 0xffn));
  }
  return Uint8Array.from(out);
}

// src/template/funcs/sprig/der.ts
function lengthBytes(n) {
  if (n < 128) return Buffer.from([n]);
  const bytes = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 255);
  return Buffer.from([128 | bytes.length, ...bytes]);
}
function tlv(tag, body) {
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
}
var seq = (...items) => tlv(48, Buffer.concat(items));
var set = (...items) => tlv(49, Buffer.concat(items));
var nullValue = () => Buffer.from([5, 0]);
var bool2 = (v) => tlv(1, Buffer.from([v ? 255 : 0]));
var octets = (b) => tlv(4, b);
var bitString = (b) => tlv(3, Buffer.concat([Buffer.from([0]), b]));
var explicit = (n, body) => tlv(160 + n, body);
function integer(v) {
  let hex = v.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  let b = Buffer.from(hex, "hex");
  if (b[0] & 128) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(2, b);
}
function oid(dotted) {
  const parts = dotted.split(".").map(Number);
  const out = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const p of parts.slice(2)) {
    const stack = [p & 127];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) stack.unshift(128 | v & 127);
    out.push(...stack);
  }
  return tlv(6, Buffer.from(out));
}
function dirString(s) {
  const printable = /^[A-Za-z0-9 '()+,\-./:=?*&]*$/.test(s);
  return tlv(printable ? 19 : 12, Buffer.from(s, "utf8"));
}
function time(d) {
  const y = d.getUTCFullYear();
  const p = (n) => String(n).padStart(2, "0");
  const rest = `${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  if (y >= 1950 && y < 2050) return tlv(23, Buffer.from(p(y % 100) + rest));
  return tlv(24, Buffer.from(String(y).padStart(4, "0") + rest));
}
function decode(b, offset = 0) {
  const tag = b[offset];
  let len = b[offset + 1];
  let pos = offset + 2;
  if (len & 128) {
    const n = len & 127;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[pos + i];
    pos += n;
  }
  const body = b.subarray(pos, pos + len);
  const children = [];
  if (tag & 32) {
    for (let p = 0; p < body.length; ) {
      const c = decode(body, p);
      children.push(c);
      p = c.end;
    }
  }
  return { tag, body, children, end: pos + len };
}
function intValue(n) {
  return n.body.length === 0 ? 0n : BigInt(`0x${n.body.toString("hex")}`);
}

// src/template/funcs/sprig/keys.ts
var import_node_crypto4 = require("node:crypto");
function pem(type, der) {
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${type}-----
${lines.join("\n")}
-----END ${type}-----
`;
}
function modPow(base, exp, mod) {
  let r = 1n;
  let b = base % mod;
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) r = r * b % mod;
    b = b * b % mod;
  }
  return r;
}
function dsaPem(key) {
  const pk8 = decode(key.export({ format: "der", type: "pkcs8" }));
  const algParams = pk8.children[1]?.children[1];
  const xWrapped = pk8.children[2];
  if (algParams === void 0 || xWrapped === void 0) throw new Error("unexpected DSA key encoding");
  const [p, q, g] = algParams.children.map(intValue);
  const x = intValue(decode(xWrapped.body));
  const y = modPow(g, x, p);
  return pem("DSA PRIVATE KEY", seq(integer(0n), integer(p), integer(q), integer(g), integer(y), integer(x)));
}
function privateKeyPem(key) {
  switch (key.asymmetricKeyType) {
    case "rsa":
      return key.export({ format: "pem", type: "pkcs1" }).toString();
    case "ec":
      return key.export({ format: "pem", type: "sec1" }).toString();
    case "dsa":
      return dsaPem(key);
    default:
      return key.export({ format: "pem", type: "pkcs8" }).toString();
  }
}
function generatePrivateKeyPem(type) {
  switch (type) {
    case "":
    case "rsa":
      return privateKeyPem((0, import_node_crypto4.generateKeyPairSync)("rsa", { modulusLength: 4096 }).privateKey);
    case "dsa":
      return privateKeyPem(
        (0, import_node_crypto4.generateKeyPairSync)("dsa", { modulusLength: 2048, divisorLength: 256 }).privateKey
      );
    case "ecdsa":
      return privateKeyPem((0, import_node_crypto4.generateKeyPairSync)("ec", { namedCurve: "P-256" }).privateKey);
    case "ed25519":
      return privateKeyPem((0, import_node_crypto4.generateKeyPairSync)("ed25519").privateKey);
    default:
      return `Unknown type ${type}`;
  }
}
function parsePrivateKeyPem(text) {
  const m = /-----BEGIN ([^-]+)-----\r?\n([\s\S]*?)-----END \1-----/.exec(text);
  if (m === null) throw new Error("no PEM data in input");
  const type = m[1];
  const der = Buffer.from(m[2].replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
  if (type === "PRIVATE KEY")
    return wrap(() => (0, import_node_crypto4.createPrivateKey)({ key: der, format: "der", type: "pkcs8" }), "decoding PEM as PKCS#8");
  if (!type.endsWith(" PRIVATE KEY")) throw new Error(`no private key data in PEM block of type ${type}`);
  const kind = type.slice(0, -12);
  if (kind === "RSA")
    return wrap(
      () => (0, import_node_crypto4.createPrivateKey)({ key: der, format: "der", type: "pkcs1" }),
      "parsing RSA private key from PEM"
    );
  if (kind === "EC")
    return wrap(
      () => (0, import_node_crypto4.createPrivateKey)({ key: der, format: "der", type: "sec1" }),
      "parsing EC private key from PEM"
    );
  throw new Error(`invalid private key type ${type}`);
}
function wrap(f, what) {
  try {
    return f();
  } catch (e) {
    throw new Error(`${what}: ${e.message}`);
  }
}

// src/template/funcs/sprig/certs.ts
function certificateValue(cert, key) {
  return new GoStruct(
    "sprig.certificate",
    /* @__PURE__ */ new Map([
      ["Cert", cert],
      ["Key", key]
    ])
  );
}
function algorithm(key) {
  if (key.asymmetricKeyType === "rsa") return seq(oid("1.2.840.113549.1.1.11"), nullValue());
  if (key.asymmetricKeyType === "ec") return seq(oid("1.2.840.10045.4.3.2"));
  if (key.asymmetricKeyType === "ed25519") return seq(oid("1.3.101.112"));
  throw new Error(`x509: only RSA, ECDSA and Ed25519 keys supported`);
}
function ipBytes(ip) {
  if ((0, import_node_net.isIP)(ip) === 4) return Buffer.from(ip.split(".").map(Number));
  const [head = "", tail = ""] = ip.split("::");
  const groups = (s) => s === "" ? [] : s.split(":");
  const h = groups(head);
  const t = groups(tail);
  const all = ip.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h;
  return Buffer.from(all.map((g) => g.padStart(4, "0")).join(""), "hex");
}
function extensions(input, spki, signer) {
  const exts = [];
  const ext = (id, critical, value) => {
    exts.push(seq(oid(id), ...critical ? [bool2(true)] : [], octets(value)));
  };
  const usage = input.isCA ? Buffer.from([2, 164]) : Buffer.from([5, 160]);
  ext("2.5.29.15", true, tlv(3, usage));
  ext("2.5.29.37", false, seq(oid("1.3.6.1.5.5.7.3.1"), oid("1.3.6.1.5.5.7.3.2")));
  ext("2.5.29.19", true, input.isCA ? seq(bool2(true)) : seq());
  let skid;
  if (input.isCA) {
    const pubBits = decode(spki).children[1]?.body.subarray(1) ?? Buffer.alloc(0);
    skid = (0, import_node_crypto5.createHash)("sha1").update(pubBits).digest();
    ext("2.5.29.14", false, octets(skid));
  }
  if (signer?.subjectKeyId !== void 0) ext("2.5.29.35", false, seq(tlv(128, signer.subjectKeyId)));
  if (input.dns.length > 0 || input.ips.length > 0) {
    const names = [
      ...input.dns.map((d) => tlv(130, Buffer.from(d))),
      ...input.ips.map((ip) => tlv(135, ipBytes(ip)))
    ];
    ext("2.5.29.17", false, seq(...names));
  }
  return [explicit(3, seq(...exts)), skid];
}
function pemBlock(type, der) {
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${type}-----
${lines.join("\n")}
-----END ${type}-----
`;
}
function createCertificate(input, key, signer) {
  const signingKey = signer?.key ?? key;
  const spki = (0, import_node_crypto5.createPublicKey)(key).export({ format: "der", type: "spki" });
  const subject = seq(set(seq(oid("2.5.4.3"), dirString(input.cn))));
  const now = /* @__PURE__ */ new Date();
  const serial = BigInt(`0x${(0, import_node_crypto5.randomBytes)(16).toString("hex")}`);
  const [exts] = extensions(input, spki, signer);
  const alg = algorithm(signingKey);
  const tbs = seq(
    explicit(0, integer(2n)),
    integer(serial),
    alg,
    signer?.subject ?? subject,
    seq(time(now), time(new Date(now.getTime() + input.days * 864e5))),
    subject,
    spki,
    exts
  );
  const digest = signingKey.asymmetricKeyType === "ed25519" ? null : "sha256";
  const sig = (0, import_node_crypto5.sign)(digest, tbs, signingKey);
  const der = seq(tbs, alg, bitString(sig));
  return certificateValue(pemBlock("CERTIFICATE", der), privateKeyPem(key));
}
function stringList(v, what) {
  if (v === null || v === void 0) return [];
  if (!Array.isArray(v)) throw new FuncError(`error parsing ${what}: ${String(v)} is not a list`);
  return v.map((x) => {
    if (typeof x !== "string")
      throw new FuncError(
        what === "ip" ? `error parsing ip: ${String(x)} is not a string` : `error processing alternate dns name: ${String(x)} is not a string`
      );
    if (what === "ip" && (0, import_node_net.isIP)(x) === 0) throw new FuncError(`error parsing ip: ${x}`);
    return x;
  });
}
function keyFrom(pemText) {
  if (pemText === void 0) return (0, import_node_crypto5.generateKeyPairSync)("rsa", { modulusLength: 2048 }).privateKey;
  try {
    return parsePrivateKeyPem(strArg(pemText));
  } catch (e) {
    throw new FuncError(`parsing private key: ${e.message}`);
  }
}
function signerFrom(ca) {
  if (!(ca instanceof GoStruct)) throw new FuncError("unable to decode certificate");
  const certPem = ca.fields.get("Cert");
  const keyPem = ca.fields.get("Key");
  let x509;
  try {
    x509 = new import_node_crypto5.X509Certificate(strArg(certPem ?? null));
  } catch (e) {
    throw new FuncError(`error parsing certificate: decodedSignerCert.Bytes: ${e.message}`);
  }
  let key;
  try {
    key = parsePrivateKeyPem(strArg(keyPem ?? null));
  } catch (e) {
    throw new FuncError(`error parsing private key: ${e.message}`);
  }
  const tbs = decode(x509.raw).children[0];
  const fields = tbs?.children ?? [];
  const subjectNode = fields[5];
  const subject = subjectNode === void 0 ? seq() : tlv(subjectNode.tag, subjectNode.body);
  return { key, subject, subjectKeyId: subjectKeyId(fields) };
}
function subjectKeyId(fields) {
  const extsNode = fields.find((f) => f.tag === 163)?.children[0];
  for (const e of extsNode?.children ?? []) {
    const id = e.children[0];
    if (id !== void 0 && id.body.equals(oid("2.5.29.14").subarray(2))) {
      const value = e.children[e.children.length - 1];
      return value === void 0 ? void 0 : decode(value.body).body;
    }
  }
  return void 0;
}
function guarded(f) {
  return (args) => {
    try {
      return f(args);
    } catch (e) {
      throw e instanceof FuncError ? e : new FuncError(e.message);
    }
  };
}
function buildCustomCert(b64cert, b64key) {
  const strict = (b64, what) => {
    try {
      return Buffer.from(decodeBase64Go(Buffer.from(b64, "latin1"))).toString("latin1");
    } catch {
      throw new FuncError(`unable to decode base64 ${what}`);
    }
  };
  const cert = strict(b64cert, "certificate");
  const key = strict(b64key, "private key");
  if (!/-----BEGIN/.test(cert)) throw new FuncError("unable to decode certificate");
  try {
    new import_node_crypto5.X509Certificate(cert);
  } catch (e) {
    throw new FuncError(`error parsing certificate: decodedCert.Bytes: ${e.message}`);
  }
  try {
    parsePrivateKeyPem(key);
  } catch (e) {
    throw new FuncError(`error parsing private key: ${e.message}`);
  }
  return certificateValue(cert, key);
}
function certFuncs() {
  const ca = (withKey) => fn(
    withKey ? ["string", "int", "string"] : ["string", "int"],
    guarded(
      ([cn, days, k]) => createCertificate(
        { cn: strArg(cn), ips: [], dns: [], days: intArg(days), isCA: true },
        keyFrom(withKey ? k : void 0),
        void 0
      )
    )
  );
  const self = (withKey) => fn(
    ["string", "[]interface {}", "[]interface {}", "int", ...withKey ? ["string"] : []],
    guarded(
      ([cn, ips, dns, days, k]) => createCertificate(
        {
          cn: strArg(cn),
          ips: stringList(ips, "ip"),
          dns: stringList(dns, "dns"),
          days: intArg(days),
          isCA: false
        },
        keyFrom(withKey ? k : void 0),
        void 0
      )
    )
  );
  const signed = (withKey) => fn(
    [
      "string",
      "[]interface {}",
      "[]interface {}",
      "int",
      "interface {}",
      ...withKey ? ["string"] : []
    ],
    guarded(([cn, ips, dns, days, c, k]) => {
      const signer = signerFrom(c);
      return createCertificate(
        {
          cn: strArg(cn),
          ips: stringList(ips, "ip"),
          dns: stringList(dns, "dns"),
          days: intArg(days),
          isCA: false
        },
        keyFrom(withKey ? k : void 0),
        signer
      );
    })
  );
  return /* @__PURE__ */ new Map([
    ["genCA", ca(false)],
    ["genCAWithKey", ca(true)],
    ["genSelfSignedCert", self(false)],
    ["genSelfSignedCertWithKey", self(true)],
    ["genSignedCert", signed(false)],
    ["genSignedCertWithKey", signed(true)],
    [
      "buildCustomCert",
      fn(
        ["string", "string"],
        guarded(([c, k]) => buildCustomCert(strArg(c), strArg(k)))
      )
    ]
  ]);
}

// src/template/funcs/sprig/format-v.ts
function stringerOf(v) {
  const m = v.methods.get("String");
  if (m === void 0 || m.params.length !== 0) return void 0;
  return () => {
    const out = m.impl([v], void 0);
    return typeof out === "string" ? out : "";
  };
}
function withStringers(v) {
  if (v instanceof GoStruct) {
    const s = stringerOf(v);
    if (s !== void 0) return s();
  }
  if (Array.isArray(v) && v.some((x) => x instanceof GoStruct)) return v.map(withStringers);
  return v;
}
function formatV(v) {
  return printArg(withStringers(v), "v", noFlags());
}
function compareGoStrings(a, b) {
  if (/[\udc80-\udcff]/.test(a + b)) return Buffer.compare(goStringToBytes(a), goStringToBytes(b));
  const ai = a[Symbol.iterator]();
  const bi = b[Symbol.iterator]();
  for (; ; ) {
    const x = ai.next();
    const y = bi.next();
    if (x.done === true) return y.done === true ? 0 : -1;
    if (y.done === true) return 1;
    const cx = x.value.codePointAt(0) ?? 0;
    const cy = y.value.codePointAt(0) ?? 0;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}
function goQuote2(s) {
  return goQuoteString(s);
}
function strval(v) {
  if (typeof v === "string") return v;
  if (v instanceof Uint8Array) return goStringFromBytes(v);
  return formatV(v);
}

// src/template/funcs/sprig/strslice.ts
function strslice(v) {
  if (v === null) return typedSlice([], "string");
  if (v instanceof Uint8Array)
    return typedSlice(
      Array.from(v, (b) => String(b)),
      "string"
    );
  if (Array.isArray(v)) return typedSlice(v.filter((x) => x !== null).map(strval), "string");
  return typedSlice([strval(v)], "string");
}

// src/template/funcs/sprig/conversion.ts
var INT64_MAX3 = 2n ** 63n - 1n;
function atoi(s) {
  const m = /^([+-]?)([0-9]+)$/.exec(s);
  if (m === null) return 0n;
  const v = BigInt(m[2]);
  if (m[1] === "-") return v > INT64_MAX3 + 1n ? -(INT64_MAX3 + 1n) : -v;
  return v > INT64_MAX3 ? INT64_MAX3 : v;
}
function toDecimal(v) {
  const m = /^([+-]?)([0-7]+)$/.exec(formatV(v));
  if (m === null) return 0n;
  const n = BigInt(`0o${m[2]}`) * (m[1] === "-" ? -1n : 1n);
  return n > INT64_MAX3 || n < -(INT64_MAX3 + 1n) ? 0n : n;
}
function conversionFuncs() {
  const any = ["interface {}"];
  return /* @__PURE__ */ new Map([
    ["atoi", fn(["string"], ([s]) => atoi(strArg(s)))],
    ["int", fn(any, ([v]) => toInt64(v ?? null))],
    ["int64", fn(any, ([v]) => GoNumber.int64(toInt64(v ?? null)))],
    ["float64", fn(any, ([v]) => toFloat64(v ?? null))],
    ["toDecimal", fn(any, ([v]) => GoNumber.int64(toDecimal(v ?? null)))],
    ["toString", fn(any, ([v]) => strval(v ?? null))],
    ["toStrings", fn(any, ([v]) => strslice(v ?? null))]
  ]);
}

// src/template/funcs/sprig/crypto.ts
var import_node_crypto7 = require("node:crypto");

// src/template/funcs/sprig/bcrypt.ts
var import_node_crypto6 = require("node:crypto");
var WORDS = 18 + 4 * 256;
var piWords;
function arctanInv(x, scale) {
  let term = scale / x;
  const x2 = x * x;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += (k & 2n) === 0n ? term / k : -(term / k);
    term /= x2;
  }
  return sum;
}
function piFraction() {
  if (piWords !== void 0) return piWords;
  const bits = BigInt(WORDS * 32 + 64);
  const scale = 1n << bits;
  const pi = 16n * arctanInv(5n, scale) - 4n * arctanInv(239n, scale);
  const frac = pi - 3n * scale >> 64n;
  const out = new Uint32Array(WORDS);
  for (let i = 0; i < WORDS; i++) out[i] = Number(frac >> BigInt((WORDS - 1 - i) * 32) & 0xffffffffn);
  piWords = out;
  return out;
}
var Blowfish = class {
  p;
  s;
  constructor() {
    const init = piFraction();
    this.p = init.slice(0, 18);
    this.s = init.slice(18);
  }
  f(x) {
    const s = this.s;
    const a = s[x >>> 24];
    const b = s[256 + (x >>> 16 & 255)];
    const c = s[512 + (x >>> 8 & 255)];
    const d = s[768 + (x & 255)];
    return (a + b >>> 0 ^ c) + d >>> 0;
  }
  encrypt(l0, r0) {
    let l = l0;
    let r = r0;
    for (let i = 0; i < 16; i++) {
      l = (l ^ this.p[i]) >>> 0;
      r = (r ^ this.f(l)) >>> 0;
      [l, r] = [r, l];
    }
    [l, r] = [r, l];
    r = (r ^ this.p[16]) >>> 0;
    l = (l ^ this.p[17]) >>> 0;
    return [l, r];
  }
  /** Blowfish key schedule, optionally mixing in a salt stream (bcrypt's EksBlowfish). */
  expand(key, salt) {
    const next = cyclicWords(key);
    for (let i = 0; i < 18; i++) this.p[i] = (this.p[i] ^ next()) >>> 0;
    const saltWord = salt === void 0 ? () => 0 : cyclicWords(salt);
    let l = 0;
    let r = 0;
    const fill = (arr) => {
      for (let i = 0; i < arr.length; i += 2) {
        [l, r] = this.encrypt((l ^ saltWord()) >>> 0, (r ^ saltWord()) >>> 0);
        arr[i] = l;
        arr[i + 1] = r;
      }
    };
    fill(this.p);
    fill(this.s);
  }
};
function cyclicWords(b) {
  let j = 0;
  return () => {
    let w = 0;
    for (let k = 0; k < 4; k++) {
      w = (w << 8 | b[j]) >>> 0;
      j = (j + 1) % b.length;
    }
    return w;
  };
}
var ALPHABET = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function encode64(b) {
  const std = Buffer.from(b).toString("base64").replace(/=+$/, "");
  const from = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  return [...std].map((c) => ALPHABET[from.indexOf(c)]).join("");
}
function bcryptWithSalt(password, cost, salt) {
  const key = Uint8Array.from([...password, 0]);
  const bf = new Blowfish();
  bf.expand(key, salt);
  for (let i = 0; i < 2 ** cost; i++) {
    bf.expand(key);
    bf.expand(salt);
  }
  const magic = Buffer.from("OrpheanBeholderScryDoubt");
  const words = Array.from({ length: 6 }, (_v, i) => magic.readUInt32BE(i * 4));
  for (let i = 0; i < 6; i += 2) {
    let [l, r] = [words[i], words[i + 1]];
    for (let k = 0; k < 64; k++) [l, r] = bf.encrypt(l, r);
    [words[i], words[i + 1]] = [l, r];
  }
  const out = Buffer.alloc(24);
  words.forEach((w, i) => out.writeUInt32BE(w, i * 4));
  return `$2a$${String(cost).padStart(2, "0")}$${encode64(salt)}${encode64(out.subarray(0, 23))}`;
}
function bcryptHash(password) {
  if (password.length > 72)
    return "failed to encrypt string with bcrypt: bcrypt: password length exceeds 72 bytes";
  return bcryptWithSalt(password, 10, (0, import_node_crypto6.randomBytes)(16));
}

// src/template/funcs/sprig/crypto.ts
var TEMPLATES = {
  maximum: ["anoxxxxxxxxxxxxxxxxx", "axxxxxxxxxxxxxxxxxno"],
  long: [
    "CvcvnoCvcvCvcv",
    "CvcvCvcvnoCvcv",
    "CvcvCvcvCvcvno",
    "CvccnoCvcvCvcv",
    "CvccCvcvnoCvcv",
    "CvccCvcvCvcvno",
    "CvcvnoCvccCvcv",
    "CvcvCvccnoCvcv",
    "CvcvCvccCvcvno",
    "CvcvnoCvcvCvcc",
    "CvcvCvcvnoCvcc",
    "CvcvCvcvCvccno",
    "CvccnoCvccCvcv",
    "CvccCvccnoCvcv",
    "CvccCvccCvcvno",
    "CvcvnoCvccCvcc",
    "CvcvCvccnoCvcc",
    "CvcvCvccCvccno",
    "CvccnoCvcvCvcc",
    "CvccCvcvnoCvcc",
    "CvccCvcvCvccno"
  ],
  medium: ["CvcnoCvc", "CvcCvcno"],
  short: ["Cvcn"],
  basic: ["aaanaaan", "aannaaan", "aaannaaa"],
  pin: ["nnnn"]
};
var CHARS = {
  V: "AEIOU",
  C: "BCDFGHJKLMNPQRSTVWXYZ",
  v: "aeiou",
  c: "bcdfghjklmnpqrstvwxyz",
  A: "AEIOUBCDFGHJKLMNPQRSTVWXYZ",
  a: "AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz",
  n: "0123456789",
  o: "@&%?,=[]_:-+*$#!'^~;()/.",
  x: "AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz0123456789!@#$%^&*()"
};
var SEED = "com.lyndir.masterpassword";
function u32(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}
function derivePassword(counter, type, password, user, site) {
  const templates = TEMPLATES[type];
  if (templates === void 0) return `cannot find password template ${type}`;
  const userBytes = Buffer.from(goStringToBytes(user));
  const siteBytes = Buffer.from(goStringToBytes(site));
  const salt = Buffer.concat([Buffer.from(SEED), u32(userBytes.length), userBytes]);
  const key = (0, import_node_crypto7.scryptSync)(Buffer.from(goStringToBytes(password)), salt, 64, {
    N: 32768,
    r: 8,
    p: 2,
    maxmem: 256 * 1024 * 1024
  });
  const seed = (0, import_node_crypto7.createHmac)("sha256", key).update(Buffer.concat([Buffer.from(SEED), u32(siteBytes.length), siteBytes, u32(counter)])).digest();
  const tmpl = templates[seed[0] % templates.length];
  let out = "";
  for (let i = 0; i < tmpl.length; i++) {
    const set2 = CHARS[tmpl[i]];
    out += set2[seed[i + 1] % set2.length];
  }
  return out;
}
function aesKey(password) {
  const key = Buffer.alloc(32);
  Buffer.from(goStringToBytes(password)).copy(key, 0, 0, 32);
  return key;
}
function encryptAES(password, plaintext) {
  if (plaintext === "") return "";
  const content = Buffer.from(goStringToBytes(plaintext));
  const pad3 = 16 - content.length % 16;
  const iv = (0, import_node_crypto7.randomBytes)(16);
  const c = (0, import_node_crypto7.createCipheriv)("aes-256-cbc", aesKey(password), iv).setAutoPadding(false);
  const body = Buffer.concat([c.update(Buffer.concat([content, Buffer.alloc(pad3, pad3)])), c.final()]);
  return Buffer.concat([iv, body]).toString("base64");
}
function decryptAES(password, crypt64) {
  if (crypt64 === "") return "";
  const crypt = Buffer.from(decodeBase64Go(goStringToBytes(crypt64)));
  const capacity = Math.floor(goStringToBytes(crypt64).length / 4) * 3;
  if (crypt.length < 16)
    throw new FuncError(`runtime error: slice bounds out of range [:16] with capacity ${capacity}`);
  const body = crypt.subarray(16);
  if (body.length % 16 !== 0) throw new FuncError("crypto/cipher: input not full blocks");
  if (body.length === 0) throw new FuncError("runtime error: index out of range [-1]");
  const d = (0, import_node_crypto7.createDecipheriv)("aes-256-cbc", aesKey(password), crypt.subarray(0, 16)).setAutoPadding(false);
  const plain = Buffer.concat([d.update(body), d.final()]);
  const cut = plain.length - plain[plain.length - 1];
  if (cut < 0) throw new FuncError(`runtime error: slice bounds out of range [:${cut}]`);
  return goStringFromBytes(plain.subarray(0, cut));
}
function cryptoFuncs() {
  return /* @__PURE__ */ new Map([
    [
      "derivePassword",
      fn(
        ["uint32", "string", "string", "string", "string"],
        ([c, t, p, u, s]) => derivePassword(intArg(c), strArg(t), strArg(p), strArg(u), strArg(s))
      )
    ],
    ["encryptAES", fn(["string", "string"], ([p, t]) => encryptAES(strArg(p), strArg(t)))],
    [
      "decryptAES",
      fn(["string", "string"], ([p, c]) => {
        try {
          return decryptAES(strArg(p), strArg(c));
        } catch (e) {
          throw e instanceof FuncError ? e : new FuncError(e.message);
        }
      })
    ],
    ["bcrypt", fn(["string"], ([s]) => bcryptHash(goStringToBytes(strArg(s))))],
    [
      "htpasswd",
      fn(["string", "string"], ([u, p]) => {
        if (strArg(u).includes(":")) return `invalid username: ${strArg(u)}`;
        return `${strArg(u)}:${bcryptHash(goStringToBytes(strArg(p)))}`;
      })
    ],
    ["genPrivateKey", fn(["string"], ([t]) => generatePrivateKeyPem(strArg(t)))]
  ]);
}

// src/template/funcs/sprig/go-duration.ts
var UNITS = {
  ns: 1n,
  us: 1000n,
  "\xB5s": 1000n,
  "\u03BCs": 1000n,
  ms: 1000000n,
  s: 1000000000n,
  m: 60000000000n,
  h: 3600000000000n
};
var MAX = 2n ** 63n - 1n;
function parseGoDuration(s) {
  const orig = s;
  const bad = () => new Error(`time: invalid duration ${JSON.stringify(orig)}`);
  let neg = false;
  if (s.startsWith("-") || s.startsWith("+")) {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") throw bad();
  let total = 0n;
  while (s !== "") {
    const m = /^([0-9]*)(?:\.([0-9]*))?/.exec(s);
    const int = m?.[1] ?? "";
    const frac = m?.[2];
    if (int === "" && (frac === void 0 || frac === "")) throw bad();
    s = s.slice((m?.[0] ?? "").length);
    const u = /^[^0-9.]+/.exec(s);
    if (u === null) throw new Error(`time: missing unit in duration ${JSON.stringify(orig)}`);
    const unit = UNITS[u[0]];
    if (unit === void 0)
      throw new Error(`time: unknown unit ${JSON.stringify(u[0])} in duration ${JSON.stringify(orig)}`);
    s = s.slice(u[0].length);
    let v = BigInt(int === "" ? "0" : int) * unit;
    if (frac !== void 0 && frac !== "") v += BigInt(frac) * unit / 10n ** BigInt(frac.length);
    total += v;
    if (total > MAX + (neg ? 1n : 0n)) throw bad();
  }
  return neg ? -total : total;
}
function fmtFrac(v, prec) {
  const scale = 10n ** BigInt(prec);
  const ip = v / scale;
  let fr = (v % scale).toString().padStart(prec, "0").replace(/0+$/, "");
  if (prec === 0) fr = "";
  return fr === "" ? ip.toString() : `${ip}.${fr}`;
}
function formatGoDuration(d) {
  if (d === 0n) return "0s";
  const neg = d < 0n;
  const u = neg ? -d : d;
  let out;
  if (u < 1000000000n) {
    if (u < 1000n) out = `${u}ns`;
    else if (u < 1000000n) out = `${fmtFrac(u, 3)}\xB5s`;
    else out = `${fmtFrac(u, 6)}ms`;
  } else {
    const secs = fmtFrac(u % 60000000000n, 9);
    const mins = u / 60000000000n % 60n;
    const hours = u / 3600000000000n;
    out = hours > 0n ? `${hours}h${mins}m${secs}s` : mins > 0n ? `${mins}m${secs}s` : `${secs}s`;
  }
  return neg ? `-${out}` : out;
}

// src/template/funcs/sprig/go-time-parse.ts
var TimeParseError = class extends Error {
};
var Cursor = class {
  constructor(rest) {
    this.rest = rest;
  }
  rest;
  num(fixed) {
    if (!/^[0-9]/.test(this.rest)) return void 0;
    const two2 = /^[0-9]{2}/.test(this.rest);
    if (!two2 && fixed) return void 0;
    const n = Number(this.rest.slice(0, two2 ? 2 : 1));
    this.rest = this.rest.slice(two2 ? 2 : 1);
    return n;
  }
  lookup(names, short) {
    for (let i = 0; i < names.length; i++) {
      const n = short ? names[i].slice(0, 3) : names[i];
      if (this.rest.slice(0, n.length).toLowerCase() === n.toLowerCase()) {
        this.rest = this.rest.slice(n.length);
        return i;
      }
    }
    return void 0;
  }
};
function parseZone(std, cur, f) {
  if (std.startsWith("Z") && cur.rest.startsWith("Z")) {
    cur.rest = cur.rest.slice(1);
    f.offset = 0;
    f.zoneName = "UTC";
    return true;
  }
  const body = std.replace(/^Z/, "-");
  const pats = {
    "-07": /^([+-])(\d\d)/,
    "-0700": /^([+-])(\d\d)(\d\d)/,
    "-07:00": /^([+-])(\d\d):(\d\d)/,
    "-070000": /^([+-])(\d\d)(\d\d)(\d\d)/,
    "-07:00:00": /^([+-])(\d\d):(\d\d):(\d\d)/
  };
  const m = pats[body]?.exec(cur.rest);
  if (m === void 0 || m === null) return false;
  const secs = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  f.offset = m[1] === "-" ? -secs : secs;
  cur.rest = cur.rest.slice(m[0].length);
  return true;
}
var NUMERIC = {
  "01": [true, 1, 12, "month"],
  "1": [false, 1, 12, "month"],
  "02": [true, 0, 99, "day"],
  "2": [false, 0, 99, "day"],
  _2: [false, 0, 99, "day"],
  "15": [false, 0, 23, "hour"],
  "03": [true, 0, 12, "hour"],
  "3": [false, 0, 12, "hour"],
  "04": [true, 0, 59, "minute"],
  "4": [false, 0, 59, "minute"],
  "05": [true, 0, 59, "second"],
  "5": [false, 0, 59, "second"]
};
function parseNumeric(c, cur, f, next) {
  const [fixed, lo, hi, field2] = NUMERIC[c.std];
  if (c.std === "_2" && cur.rest.startsWith(" ")) cur.rest = cur.rest.slice(1);
  const v = cur.num(fixed);
  if (v === void 0) return "bad";
  if (v < lo || v > hi) return `: ${field2} out of range`;
  f[field2] = v;
  if (field2 === "second") parseLooseFraction(cur, f, next);
  return void 0;
}
function parseYear(c, cur, f) {
  const m = (c.std === "2006" ? /^[0-9]{4}/ : /^[0-9]{2}/).exec(cur.rest);
  if (m === null) return "bad";
  const y = Number(m[0]);
  f.year = c.std === "2006" ? y : y >= 69 ? 1900 + y : 2e3 + y;
  cur.rest = cur.rest.slice(m[0].length);
  return void 0;
}
function parseStd(c, cur, f, next) {
  if (NUMERIC[c.std] !== void 0) return parseNumeric(c, cur, f, next);
  switch (c.std) {
    case "2006":
    case "06":
      return parseYear(c, cur, f);
    case "January":
    case "Jan": {
      const r = cur.lookup(LONG_MONTHS, c.std === "Jan");
      if (r === void 0) return "bad";
      f.month = r + 1;
      return void 0;
    }
    case "Monday":
    case "Mon":
      return cur.lookup(LONG_DAYS, c.std === "Mon") === void 0 ? "bad" : void 0;
    case "002":
    case "__2": {
      const m = /^ {0,2}[0-9]{1,3}/.exec(cur.rest);
      if (m === null) return "bad";
      f.yday = Number(m[0].trim());
      cur.rest = cur.rest.slice(m[0].length);
      return void 0;
    }
    case "PM":
    case "pm":
      return parseAmPm(c.std, cur, f);
    case "MST":
      return parseZoneName(cur, f);
    case ".0":
    case ",0":
    case ".9":
    case ",9":
      return parseFraction(c, cur, f);
    default:
      return parseZone(c.std, cur, f) ? void 0 : "bad";
  }
}
function parseAmPm(std, cur, f) {
  const v = cur.rest.slice(0, 2);
  const [pm, am] = std === "PM" ? ["PM", "AM"] : ["pm", "am"];
  if (v === pm) f.pm = true;
  else if (v === am) f.am = true;
  else return "bad";
  cur.rest = cur.rest.slice(2);
  return void 0;
}
function parseZoneName(cur, f) {
  const m = /^(UTC|GMT([+-]\d{1,2})?|[A-Z]{3,5}T?)/.exec(cur.rest);
  if (m === null) return "bad";
  f.zoneName = m[0];
  if (m[0] === "UTC" || m[0] === "GMT") f.offset = 0;
  cur.rest = cur.rest.slice(m[0].length);
  return void 0;
}
function parseLooseFraction(cur, f, next) {
  if (!/^[.,][0-9]/.test(cur.rest)) return;
  if (next !== void 0 && "std" in next && /^[.,][09]$/.test(next.std)) return;
  const m = /^[.,]([0-9]+)/.exec(cur.rest);
  if (m === null) return;
  f.nanos = Number(m[1].slice(0, 9).padEnd(9, "0"));
  cur.rest = cur.rest.slice(m[0].length);
}
function parseFraction(c, cur, f) {
  const n = c.digits ?? 0;
  if (c.std[1] === "0") {
    const m2 = /^[.,]([0-9]+)/.exec(cur.rest);
    if (m2 === null || m2[1].length < n) return "bad";
    f.nanos = Number(m2[1].slice(0, n).padEnd(9, "0"));
    cur.rest = cur.rest.slice(1 + n);
    return void 0;
  }
  const m = /^[.,]([0-9]+)/.exec(cur.rest);
  if (m === null) return void 0;
  f.nanos = Number(m[1].slice(0, 9).padEnd(9, "0"));
  cur.rest = cur.rest.slice(m[0].length);
  return void 0;
}
function daysIn(month, year) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
function parseGoTime(layout, value, loc = { offset: 0, name: "UTC" }) {
  const f = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanos: 0, yday: -1 };
  const cur = new Cursor(value);
  const chunks = splitLayout(layout);
  const prefix = `parsing time ${goQuote2(value)}`;
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i];
    if ("lit" in c) {
      const lit = c.lit.replace(/^\s+/, "");
      const had = cur.rest;
      cur.rest = cur.rest.replace(/^\s+/, "");
      if (!cur.rest.startsWith(lit))
        throw new TimeParseError(
          `${prefix} as ${goQuote2(layout)}: cannot parse ${goQuote2(had)} as ${goQuote2(c.lit)}`
        );
      cur.rest = cur.rest.slice(lit.length);
      continue;
    }
    const before = cur.rest;
    const err = parseStd(c, cur, f, chunks[i + 1]);
    if (err === "bad")
      throw new TimeParseError(
        `${prefix} as ${goQuote2(layout)}: cannot parse ${goQuote2(before)} as ${goQuote2(stdText(layout, c))}`
      );
    if (err !== void 0) throw new TimeParseError(prefix + err);
  }
  if (cur.rest !== "") throw new TimeParseError(`${prefix}: extra text: ${goQuote2(cur.rest)}`);
  return buildTime(f, loc, prefix);
}
function stdText(layout, c) {
  if (c.digits !== void 0) return (c.std[0] ?? ".") + (c.std[1] ?? "0").repeat(c.digits);
  return layout.includes(c.std) ? c.std : c.std;
}
function buildTime(f, loc, prefix) {
  if (f.pm === true && f.hour < 12) f.hour += 12;
  else if (f.am === true && f.hour === 12) f.hour = 0;
  if (f.yday >= 0) {
    const leap = daysIn(2, f.year) === 29;
    if (f.yday < 1 || f.yday > (leap ? 366 : 365))
      throw new TimeParseError(`${prefix}: day-of-year out of range`);
    const d2 = new Date(Date.UTC(f.year, 0, f.yday));
    f.month = d2.getUTCMonth() + 1;
    f.day = d2.getUTCDate();
  }
  if (f.day < 1 || f.day > daysIn(f.month, f.year)) throw new TimeParseError(`${prefix}: day out of range`);
  const d = /* @__PURE__ */ new Date(0);
  d.setUTCFullYear(f.year, f.month - 1, f.day);
  d.setUTCHours(f.hour, f.minute, f.second, 0);
  const offset = f.offset ?? loc.offset;
  const nanos = (BigInt(d.getTime()) / 1000n - BigInt(offset)) * 1000000000n + BigInt(f.nanos);
  if (f.offset === void 0 && f.zoneName !== void 0 && f.zoneName !== loc.name) {
    const gmt = /^GMT([+-]\d+)$/.exec(f.zoneName);
    const off = gmt === null ? 0 : Number(gmt[1]) * 3600;
    return new GoTime(nanos, off, f.zoneName);
  }
  if (f.offset === void 0) return new GoTime(nanos, loc.offset, loc.name);
  if (f.offset === loc.offset && (f.zoneName === void 0 || f.zoneName === loc.name))
    return new GoTime(nanos, loc.offset, loc.name);
  return new GoTime(nanos, f.offset, f.zoneName ?? numericZoneName(f.offset));
}
function numericZoneName(offset) {
  const a = Math.abs(offset);
  const hh = String(Math.floor(a / 3600)).padStart(2, "0");
  const mm = String(Math.floor(a / 60) % 60).padStart(2, "0");
  return `${offset < 0 ? "-" : "+"}${hh}${mm}`;
}

// src/template/funcs/sprig/zone-abbreviations.ts
var GROUPS = [
  [
    "3600=CET,7200=CEST",
    "Africa/Ceuta Arctic/Longyearbyen CET Europe/Amsterdam Europe/Andorra Europe/Belgrade Europe/Berlin Europe/Bratislava Europe/Brussels Europe/Budapest Europe/Busingen Europe/Copenhagen Europe/Gibraltar Europe/Ljubljana Europe/Luxembourg Europe/Madrid Europe/Malta Europe/Monaco Europe/Oslo Europe/Paris Europe/Podgorica Europe/Prague Europe/Rome Europe/San_Marino Europe/Sarajevo Europe/Skopje Europe/Stockholm Europe/Tirane Europe/Vaduz Europe/Vatican Europe/Vienna Europe/Warsaw Europe/Zagreb Europe/Zurich "
  ],
  [
    "-14400=AST",
    "America/Anguilla America/Antigua America/Aruba America/Barbados America/Blanc-Sablon America/Curacao America/Dominica America/Grenada America/Guadeloupe America/Kralendijk America/Lower_Princes America/Marigot America/Martinique America/Montserrat America/Port_of_Spain America/Puerto_Rico America/Santo_Domingo America/St_Barthelemy America/St_Kitts America/St_Lucia America/St_Thomas America/St_Vincent America/Tortola "
  ],
  [
    "0=GMT",
    "Africa/Abidjan Africa/Accra Africa/Bamako Africa/Banjul Africa/Bissau Africa/Conakry Africa/Dakar Africa/Freetown Africa/Lome Africa/Monrovia Africa/Nouakchott Africa/Ouagadougou Africa/Sao_Tome America/Danmarkshavn Atlantic/Reykjavik Atlantic/St_Helena Etc/GMT GMT "
  ],
  [
    "7200=EET,10800=EEST",
    "Africa/Cairo Asia/Beirut Asia/Famagusta Asia/Gaza Asia/Hebron Asia/Nicosia EET Europe/Athens Europe/Bucharest Europe/Chisinau Europe/Helsinki Europe/Kiev Europe/Kyiv Europe/Mariehamn Europe/Riga Europe/Sofia Europe/Tallinn Europe/Vilnius "
  ],
  [
    "-18000=EST,-14400=EDT",
    "America/Detroit America/Grand_Turk America/Indiana/Marengo America/Indiana/Petersburg America/Indiana/Vevay America/Indiana/Vincennes America/Indiana/Winamac America/Indianapolis America/Iqaluit America/Kentucky/Monticello America/Louisville America/Nassau America/New_York America/Port-au-Prince America/Toronto EST5EDT "
  ],
  [
    "-21600=CST",
    "America/Bahia_Banderas America/Belize America/Chihuahua America/Costa_Rica America/El_Salvador America/Guatemala America/Managua America/Merida America/Mexico_City America/Monterrey America/Regina America/Swift_Current America/Tegucigalpa "
  ],
  [
    "-21600=CST,-18000=CDT",
    "America/Chicago America/Indiana/Knox America/Indiana/Tell_City America/Matamoros America/Menominee America/North_Dakota/Beulah America/North_Dakota/Center America/North_Dakota/New_Salem America/Ojinaga America/Rankin_Inlet America/Resolute America/Winnipeg CST6CDT "
  ],
  [
    "3600=WAT",
    "Africa/Bangui Africa/Brazzaville Africa/Douala Africa/Kinshasa Africa/Lagos Africa/Libreville Africa/Luanda Africa/Malabo Africa/Ndjamena Africa/Niamey Africa/Porto-Novo "
  ],
  [
    "7200=CAT",
    "Africa/Blantyre Africa/Bujumbura Africa/Gaborone Africa/Harare Africa/Juba Africa/Khartoum Africa/Kigali Africa/Lubumbashi Africa/Lusaka Africa/Maputo Africa/Windhoek "
  ],
  [
    "10800=EAT",
    "Africa/Addis_Ababa Africa/Asmera Africa/Dar_es_Salaam Africa/Djibouti Africa/Kampala Africa/Mogadishu Africa/Nairobi Indian/Antananarivo Indian/Comoro Indian/Mayotte "
  ],
  [
    "-25200=MST",
    "America/Creston America/Dawson America/Dawson_Creek America/Fort_Nelson America/Hermosillo America/Mazatlan America/Phoenix America/Whitehorse MST "
  ],
  [
    "-25200=MST,-21600=MDT",
    "America/Boise America/Cambridge_Bay America/Ciudad_Juarez America/Denver America/Edmonton America/Inuvik MST7MDT "
  ],
  [
    "-14400=AST,-10800=ADT",
    "America/Glace_Bay America/Goose_Bay America/Halifax America/Moncton America/Thule Atlantic/Bermuda "
  ],
  ["-18000=EST", "America/Cancun America/Cayman America/Coral_Harbour America/Jamaica America/Panama EST "],
  [
    "-32400=AKST,-28800=AKDT",
    "America/Anchorage America/Juneau America/Metlakatla America/Nome America/Sitka America/Yakutat "
  ],
  ["0=WET,3600=WEST", "Atlantic/Canary Atlantic/Faeroe Atlantic/Madeira Europe/Lisbon WET "],
  ["-28800=PST,-25200=PDT", "America/Los_Angeles America/Tijuana America/Vancouver PST8PDT "],
  ["0=GMT,3600=BST", "Europe/Guernsey Europe/Isle_of_Man Europe/Jersey Europe/London "],
  ["10800=MSK", "Europe/Kirov Europe/Moscow Europe/Simferopol Europe/Volgograd "],
  ["36000=AEST,39600=AEDT", "Antarctica/Macquarie Australia/Hobart Australia/Melbourne Australia/Sydney "],
  ["28800=CST", "Asia/Macau Asia/Shanghai Asia/Taipei "],
  ["7200=SAST", "Africa/Johannesburg Africa/Maseru Africa/Mbabane "],
  ["-36000=HST", "HST Pacific/Honolulu "],
  ["-39600=SST", "Pacific/Midway Pacific/Pago_Pago "],
  ["0=UTC", "Etc/UTC UTC "],
  ["19800=IST", "Asia/Calcutta Asia/Kolkata "],
  ["25200=WIB", "Asia/Jakarta Asia/Pontianak "],
  ["32400=KST", "Asia/Pyongyang Asia/Seoul "],
  ["34200=ACST,37800=ACDT", "Australia/Adelaide Australia/Broken_Hill "],
  ["36000=AEST", "Australia/Brisbane Australia/Lindeman "],
  ["36000=ChST", "Pacific/Guam Pacific/Saipan "],
  ["3600=CET", "Africa/Algiers Africa/Tunis "],
  ["43200=NZST,46800=NZDT", "Antarctica/McMurdo Pacific/Auckland "],
  ["7200=EET", "Africa/Tripoli Europe/Kaliningrad "],
  ["-12600=NST,-9000=NDT", "America/St_Johns "],
  ["-18000=CST,-14400=CDT", "America/Havana "],
  ["-36000=HST,-32400=HDT", "America/Adak "],
  ["0=GMT,3600=IST", "Europe/Dublin "],
  ["18000=PKT", "Asia/Karachi "],
  ["28800=AWST", "Australia/Perth "],
  ["28800=HKT", "Asia/Hong_Kong "],
  ["28800=PST", "Asia/Manila "],
  ["28800=WITA", "Asia/Makassar "],
  ["32400=JST", "Asia/Tokyo "],
  ["32400=WIT", "Asia/Jayapura "],
  ["34200=ACST", "Australia/Darwin "],
  ["3600=MET,7200=MEST", "MET "],
  ["7200=IST,10800=IDT", "Asia/Jerusalem "]
];
var table;
function zoneAbbreviation(zone, offset) {
  if (table === void 0) {
    table = /* @__PURE__ */ new Map();
    for (const [spec, zones] of GROUPS) {
      const byOffset = new Map(
        spec.split(",").map((p) => {
          const [o = "0", name = ""] = p.split("=");
          return [Number(o), name];
        })
      );
      for (const z2 of zones.trim().split(" ")) table.set(z2, byOffset);
    }
  }
  return table.get(zone)?.get(offset);
}

// src/template/funcs/sprig/zones.ts
function isUtcName(zone) {
  return zone === "" || zone === "UTC" || zone === "Local";
}
function isKnownZone(zone) {
  if (isUtcName(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
function zoneAt(zone, unixMs) {
  if (isUtcName(zone) || !isKnownZone(zone)) return { offset: 0, name: "UTC" };
  const dtf = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    timeZoneName: "short"
  });
  const parts = Object.fromEntries(dtf.formatToParts(new Date(unixMs)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second)
  );
  const offset = Math.round((asUtc - Math.floor(unixMs / 1e3) * 1e3) / 1e3);
  return { offset, name: abbreviation(zone, offset) };
}
function abbreviation(zone, offset) {
  const known = zoneAbbreviation(zone, offset);
  if (known !== void 0) return known;
  const sign2 = offset < 0 ? "-" : "+";
  const a = Math.abs(offset);
  const hh = String(Math.floor(a / 3600)).padStart(2, "0");
  const mm = Math.floor(a / 60) % 60;
  return mm === 0 ? sign2 + hh : sign2 + hh + String(mm).padStart(2, "0");
}
function inZone(t, zone) {
  const z2 = zoneAt(zone, Number(t.unixNanos / 1000000n));
  return new GoTime(t.unixNanos, z2.offset, z2.name);
}
function nowTime() {
  const ns = BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e3)) * 1000n;
  return new GoTime(ns, 0, "UTC");
}

// src/template/funcs/sprig/date.ts
var SECOND = 1000000000n;
function dateArg(v) {
  if (v instanceof GoTime) return v;
  if (typeof v === "bigint") return new GoTime(v * SECOND, 0, "UTC");
  if (v instanceof GoNumber && (v.kind === "int64" || v.kind === "int32") && typeof v.value === "bigint")
    return new GoTime(v.value * SECOND, 0, "UTC");
  return nowTime();
}
function dateInZone(layout, date, zone) {
  return formatGoTime(inZone(dateArg(date), zone), layout);
}
function addDuration(t, d) {
  return new GoTime(t.unixNanos + d, t.offsetSeconds, t.zoneName);
}
function roundDuration(d, m) {
  let r = d % m;
  if (d < 0n) {
    r = -r;
    return r + r < m ? d + r : d - m + r;
  }
  return r + r < m ? d - r : d + m - r;
}
function durationRound(v) {
  let d = 0n;
  if (typeof v === "string") {
    try {
      d = parseGoDuration(v);
    } catch {
      d = 0n;
    }
  } else if (v instanceof GoNumber && v.kind === "int64" && typeof v.value === "bigint") d = v.value;
  else if (v instanceof GoTime) d = nowTime().unixNanos - v.unixNanos;
  const u = d < 0n ? -d : d;
  const hour = 3600n * SECOND;
  const units = [
    [hour * 24n * 365n, "y"],
    [hour * 24n * 30n, "mo"],
    [hour * 24n, "d"],
    [hour, "h"],
    [60n * SECOND, "m"],
    [SECOND, "s"]
  ];
  for (const [size, suffix] of units) if (u > size) return `${u / size}${suffix}`;
  return "0s";
}
function duration(v) {
  let n = 0n;
  if (typeof v === "string")
    n = /^[+-]?[0-9]+$/.test(v) && BigInt(v) < 2n ** 63n && BigInt(v) >= -(2n ** 63n) ? BigInt(v) : 0n;
  else if (v instanceof GoNumber && v.kind === "int64" && typeof v.value === "bigint") n = v.value;
  return formatGoDuration(BigInt.asIntN(64, n * SECOND));
}
function modify(mustFail) {
  return fn(["string", "time.Time"], ([f, t]) => {
    const time2 = t instanceof GoTime ? t : new GoTime(0n);
    try {
      return addDuration(time2, parseGoDuration(strArg(f)));
    } catch (e) {
      if (mustFail) throw new FuncError(e.message);
      return time2;
    }
  });
}
var ZERO_TIME = new GoTime(-62135596800n * SECOND, 0, "UTC");
function dateFuncs() {
  const inZoneFn = fn(
    ["string", "interface {}", "string"],
    ([f, d, z2]) => dateInZone(strArg(f), d, strArg(z2))
  );
  return /* @__PURE__ */ new Map([
    [
      "ago",
      fn(["interface {}"], ([d]) => {
        const t = d instanceof GoTime || typeof d === "bigint" || d instanceof GoNumber && d.kind === "int64" ? dateArg(d) : nowTime();
        return formatGoDuration(roundDuration(nowTime().unixNanos - t.unixNanos, SECOND));
      })
    ],
    ["date", fn(["string", "interface {}"], ([f, d]) => dateInZone(strArg(f), d, "Local"))],
    ["dateInZone", inZoneFn],
    ["date_in_zone", inZoneFn],
    ["dateModify", modify(false)],
    ["date_modify", modify(false)],
    ["mustDateModify", modify(true)],
    ["must_date_modify", modify(true)],
    ["duration", fn(["interface {}"], ([v]) => duration(v))],
    ["durationRound", fn(["interface {}"], ([v]) => durationRound(v))],
    ["htmlDate", fn(["interface {}"], ([d]) => dateInZone("2006-01-02", d, "Local"))],
    ["htmlDateInZone", fn(["interface {}", "string"], ([d, z2]) => dateInZone("2006-01-02", d, strArg(z2)))],
    ["now", fn([], () => nowTime())],
    [
      "toDate",
      fn(["string", "string"], ([f, s]) => {
        try {
          return parseGoTime(strArg(f), strArg(s));
        } catch {
          return ZERO_TIME;
        }
      })
    ],
    [
      "mustToDate",
      fn(["string", "string"], ([f, s]) => {
        try {
          return parseGoTime(strArg(f), strArg(s));
        } catch (e) {
          throw new FuncError(e.message);
        }
      })
    ],
    [
      "unixEpoch",
      fn(["time.Time"], ([t]) => {
        const ns = t instanceof GoTime ? t.unixNanos : 0n;
        const s = ns >= 0n ? ns / SECOND : -((-ns + SECOND - 1n) / SECOND);
        return s.toString();
      })
    ]
  ]);
}

// src/template/funcs/sprig/reflect.ts
function isEmpty(v) {
  if (v === null || v === void 0) return true;
  if (typeof v === "boolean") return !v;
  if (typeof v === "string") return v.length === 0;
  if (typeof v === "bigint") return v === 0n;
  if (typeof v === "number") return v === 0;
  if (v instanceof GoNumber) return v.value === 0n || v.value === 0;
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length === 0;
  if (v instanceof GoStruct || v instanceof GoTime || v instanceof GoFunc) return false;
  return Object.keys(v).length === 0;
}
function deepEqual(a, b) {
  const x = a ?? null;
  const y = b ?? null;
  if (x === null || y === null) return x === y;
  if (typeName(x) !== typeName(y)) return false;
  if (typeof x !== "object" || typeof y !== "object") return x === y;
  if (x instanceof GoNumber && y instanceof GoNumber) return x.value === y.value;
  if (x instanceof Uint8Array && y instanceof Uint8Array) return Buffer.compare(x, y) === 0;
  if (Array.isArray(x) && Array.isArray(y)) {
    return x.length === y.length && sliceElemType(x) === sliceElemType(y) && x.every((v, i) => deepEqual(v, y[i]));
  }
  if (x instanceof GoTime && y instanceof GoTime) {
    return x.unixNanos === y.unixNanos && x.offsetSeconds === y.offsetSeconds && x.zoneName === y.zoneName;
  }
  if (x instanceof GoStruct && y instanceof GoStruct) {
    if (x.fields.size !== y.fields.size) return false;
    for (const [k, v] of x.fields) if (!y.fields.has(k) || !deepEqual(v, y.fields.get(k))) return false;
    return true;
  }
  if (x instanceof GoFunc || y instanceof GoFunc) return false;
  if (isGoMap(x) && isGoMap(y)) {
    if (mapElemType(x) !== mapElemType(y)) return false;
    const kx = Object.keys(x);
    if (kx.length !== Object.keys(y).length) return false;
    return kx.every((k) => k in y && deepEqual(x[k], y[k]));
  }
  return false;
}
function reflectionFuncs() {
  const any1 = ["interface {}"];
  return /* @__PURE__ */ new Map([
    ["typeOf", fn(any1, ([v]) => typeName(v ?? null))],
    ["kindOf", fn(any1, ([v]) => kindOf(v ?? null))],
    ["typeIs", fn(["string", "interface {}"], ([t, v]) => strArg(t) === typeName(v ?? null))],
    [
      "typeIsLike",
      fn(["string", "interface {}"], ([t, v]) => {
        const name = typeName(v ?? null);
        return strArg(t) === name || `*${strArg(t)}` === name;
      })
    ],
    ["kindIs", fn(["string", "interface {}"], ([t, v]) => strArg(t) === kindOf(v ?? null))],
    ["deepEqual", fn(["interface {}", "interface {}"], ([a, b]) => deepEqual(a, b))]
  ]);
}

// src/template/funcs/sprig/defaults.ts
function defaultsFuncs() {
  return /* @__PURE__ */ new Map([
    [
      "default",
      fn(
        ["interface {}", "interface {}"],
        ([d, ...given]) => given.length === 0 || isEmpty(given[0]) ? d ?? null : given[0] ?? null,
        true
      )
    ],
    ["empty", fn(["interface {}"], ([v]) => isEmpty(v))],
    ["coalesce", fn(["interface {}"], (args) => args.find((v) => !isEmpty(v)) ?? null, true)],
    ["all", fn(["interface {}"], (args) => args.every((v) => !isEmpty(v)), true)],
    ["any", fn(["interface {}"], (args) => args.some((v) => !isEmpty(v)), true)],
    [
      "ternary",
      fn(["interface {}", "interface {}", "bool"], ([t, f, c]) => c === true ? t ?? null : f ?? null)
    ],
    [
      "fail",
      fn(["string"], ([msg]) => {
        throw new FuncError(strArg(msg));
      })
    ]
  ]);
}

// src/template/funcs/sprig/dicts.ts
var MAP = "map[string]interface {}";
function asMap(v) {
  return isGoMap(v) ? v : newGoMap();
}
function mergoMerge(dst, src, overwrite) {
  for (const key of Object.keys(src)) {
    const s = src[key] ?? null;
    const has = Object.prototype.hasOwnProperty.call(dst, key);
    const d = has ? dst[key] ?? null : null;
    if (s === null) {
      if (overwrite) dst[key] = null;
      continue;
    }
    const sIsMap = isPlainMap(s);
    if (sIsMap && has && isPlainMap(d)) mergoMerge(d, s, overwrite);
    if (has && !isEmpty(d)) {
      if (Array.isArray(s)) {
        if (overwrite) dst[key] = s;
        continue;
      }
      if (sIsMap && isPlainMap(d)) continue;
    }
    if (overwrite || !has || isEmpty(d)) dst[key] = s;
  }
}
function isPlainMap(v) {
  return isGoMap(v) && mapElemType(v) === "interface {}";
}
function deepCopyGo(v) {
  if (Array.isArray(v)) return typedSlice(v.map(deepCopyGo), sliceElemType(v));
  if (v instanceof Uint8Array) return Uint8Array.from(v);
  if (v instanceof GoStruct) {
    const fields = /* @__PURE__ */ new Map();
    for (const [k, x] of v.fields) fields.set(k, deepCopyGo(x));
    return new GoStruct(v.typeName, fields, v.methods, v.pointer);
  }
  if (isGoMap(v)) {
    const out = newGoMap();
    for (const k of Object.keys(v)) out[k] = deepCopyGo(v[k] ?? null);
    return mapElemType(v) === "interface {}" ? out : typedMap(out, mapElemType(v));
  }
  return v;
}
function conversionPanic(v, want) {
  return new FuncError(
    `interface conversion: interface {} is ${v === null ? "nil" : typeName(v)}, not ${want}`
  );
}
function dig(ps) {
  if (ps.length < 3) throw new FuncError("dig needs at least three arguments");
  const last = ps[ps.length - 1] ?? null;
  if (!isPlainMap(last)) throw conversionPanic(last, MAP);
  const def = ps[ps.length - 2] ?? null;
  const keys = ps.slice(0, -2).map((k) => {
    if (typeof k !== "string") throw conversionPanic(k, "string");
    return k;
  });
  let cur = last;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (!Object.prototype.hasOwnProperty.call(cur, k)) return def;
    const step = cur[k] ?? null;
    if (i === keys.length - 1) return step;
    if (!isPlainMap(step)) throw conversionPanic(step, MAP);
    cur = step;
  }
  return def;
}
function dict(args) {
  const m = newGoMap();
  for (let i = 0; i < args.length; i += 2)
    m[strval(args[i] ?? null)] = i + 1 < args.length ? args[i + 1] ?? null : "";
  return m;
}
var sortedKeys = (m) => Object.keys(m).sort(compareGoStrings);
function dictFuncs() {
  const merger = (overwrite) => fn(
    [MAP, MAP],
    ([d, ...srcs]) => {
      const dst = asMap(d);
      for (const s of srcs) mergoMerge(dst, asMap(s), overwrite);
      return dst;
    },
    true
  );
  const copy = fn(["interface {}"], ([v]) => {
    if (v === null || v === void 0)
      throw new FuncError("reflect: call of reflect.Value.Type on zero Value");
    return deepCopyGo(v);
  });
  return /* @__PURE__ */ new Map([
    ["dict", fn(["interface {}"], dict, true)],
    [
      "get",
      fn([MAP, "string"], ([d, k]) => {
        const m = asMap(d);
        return Object.prototype.hasOwnProperty.call(m, strArg(k)) ? m[strArg(k)] ?? null : "";
      })
    ],
    [
      "set",
      fn([MAP, "string", "interface {}"], ([d, k, v]) => {
        const m = asMap(d);
        m[strArg(k)] = v ?? null;
        return m;
      })
    ],
    [
      "unset",
      fn([MAP, "string"], ([d, k]) => {
        const m = asMap(d);
        delete m[strArg(k)];
        return m;
      })
    ],
    ["hasKey", fn([MAP, "string"], ([d, k]) => Object.prototype.hasOwnProperty.call(asMap(d), strArg(k)))],
    [
      "pluck",
      fn(
        ["string", MAP],
        ([k, ...ds]) => ds.map(asMap).filter((m) => Object.prototype.hasOwnProperty.call(m, strArg(k))).map((m) => m[strArg(k)] ?? null),
        true
      )
    ],
    [
      "keys",
      fn(
        [MAP],
        (ds) => typedSlice(
          ds.flatMap((d) => sortedKeys(asMap(d))),
          "string"
        ),
        true
      )
    ],
    ["values", fn([MAP], ([d]) => sortedKeys(asMap(d)).map((k) => asMap(d)[k] ?? null))],
    [
      "pick",
      fn(
        [MAP, "string"],
        ([d, ...ks]) => {
          const m = asMap(d);
          const out = newGoMap();
          for (const k of ks.map(strArg))
            if (Object.prototype.hasOwnProperty.call(m, k)) out[k] = m[k] ?? null;
          return out;
        },
        true
      )
    ],
    [
      "omit",
      fn(
        [MAP, "string"],
        ([d, ...ks]) => {
          const m = asMap(d);
          const drop = new Set(ks.map(strArg));
          const out = newGoMap();
          for (const k of Object.keys(m)) if (!drop.has(k)) out[k] = m[k] ?? null;
          return out;
        },
        true
      )
    ],
    ["merge", merger(false)],
    ["mustMerge", merger(false)],
    ["mergeOverwrite", merger(true)],
    ["mustMergeOverwrite", merger(true)],
    ["deepCopy", copy],
    ["mustDeepCopy", copy],
    ["dig", fn(["interface {}"], dig, true)]
  ]);
}

// src/template/funcs/sprig/encoding.ts
var import_node_crypto8 = require("node:crypto");
function adler32(data) {
  let a = 1;
  let b = 0;
  for (const x of data) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return b * 65536 + a >>> 0;
}
function decoded(f, s) {
  try {
    return goStringFromBytes(f(goStringToBytes(s)));
  } catch (e) {
    return e.message;
  }
}
var hash = (alg) => fn(
  ["string"],
  ([s]) => (0, import_node_crypto8.createHash)(alg).update(goStringToBytes(strArg(s))).digest("hex")
);
function encodingFuncs() {
  return /* @__PURE__ */ new Map([
    ["b64enc", fn(["string"], ([s]) => Buffer.from(goStringToBytes(strArg(s))).toString("base64"))],
    ["b64dec", fn(["string"], ([s]) => decoded(decodeBase64Go, strArg(s)))],
    ["b32enc", fn(["string"], ([s]) => encodeBase32Go(goStringToBytes(strArg(s))))],
    ["b32dec", fn(["string"], ([s]) => decoded(decodeBase32Go, strArg(s)))],
    ["sha1sum", hash("sha1")],
    ["sha256sum", hash("sha256")],
    ["sha512sum", hash("sha512")],
    ["adler32sum", fn(["string"], ([s]) => String(adler32(goStringToBytes(strArg(s)))))]
  ]);
}

// src/template/funcs/sprig/go-json-decode.ts
var JsonSyntaxError = class extends Error {
};
function quoteChar(c) {
  if (c === "'") return "'\\''";
  if (c === '"') return `'"'`;
  const q = JSON.stringify(c);
  return `'${q.slice(1, -1)}'`;
}
var Parser2 = class {
  constructor(s) {
    this.s = s;
  }
  s;
  i = 0;
  /** Go's scanner feeds a space at end of input: inside a literal or number that space is the bad character. */
  fail(context, spaceAtEnd = false) {
    if (this.i >= this.s.length) {
      throw new JsonSyntaxError(
        spaceAtEnd ? `invalid character ' ' ${context}` : "unexpected end of JSON input"
      );
    }
    const c = String.fromCodePoint(this.s.codePointAt(this.i) ?? 0);
    throw new JsonSyntaxError(`invalid character ${quoteChar(c)} ${context}`);
  }
  ws() {
    while (this.i < this.s.length && " 	\r\n".includes(this.s[this.i])) this.i++;
  }
  value() {
    this.ws();
    const c = this.s[this.i];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    if (c === "-" || c !== void 0 && c >= "0" && c <= "9") return this.number();
    if (c === "t") return this.literal("true", true);
    if (c === "f") return this.literal("false", false);
    if (c === "n") return this.literal("null", null);
    return this.fail("looking for beginning of value");
  }
  literal(word, v) {
    for (let k = 0; k < word.length; k++) {
      if (this.s[this.i] !== word[k])
        this.fail(`in literal ${word} (expecting ${quoteChar(word[k])})`, true);
      this.i++;
    }
    return v;
  }
  object() {
    const m = newGoMap();
    this.i++;
    this.ws();
    if (this.s[this.i] === "}") {
      this.i++;
      return m;
    }
    for (; ; ) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail("looking for beginning of object key string");
      const k = this.string();
      this.ws();
      if (this.s[this.i] !== ":") this.fail("after object key");
      this.i++;
      m[k] = this.value();
      this.ws();
      const c = this.s[this.i];
      this.i++;
      if (c === "}") return m;
      if (c !== ",") {
        this.i--;
        this.fail("after object key:value pair");
      }
    }
  }
  array() {
    const out = [];
    this.i++;
    this.ws();
    if (this.s[this.i] === "]") {
      this.i++;
      return out;
    }
    for (; ; ) {
      out.push(this.value());
      this.ws();
      const c = this.s[this.i];
      this.i++;
      if (c === "]") return out;
      if (c !== ",") {
        this.i--;
        this.fail("after array element");
      }
    }
  }
  string() {
    this.i++;
    let out = "";
    for (; ; ) {
      const c = this.s[this.i];
      if (c === void 0) this.fail("");
      if (c === '"') {
        this.i++;
        return out;
      }
      if (c < " ") this.fail("in string literal");
      if (c === "\\") {
        out += this.escape();
        continue;
      }
      out += c >= "\uDC80" && c <= "\uDCFF" ? "\uFFFD" : c;
      this.i++;
    }
  }
  escape() {
    this.i++;
    const c = this.s[this.i];
    const simple = {
      '"': '"',
      "\\": "\\",
      "/": "/",
      b: "\b",
      f: "\f",
      n: "\n",
      r: "\r",
      t: "	"
    };
    if (c !== void 0 && simple[c] !== void 0) {
      this.i++;
      return simple[c];
    }
    if (c !== "u") this.fail("in string escape code", true);
    this.i++;
    const hex = this.s.slice(this.i, this.i + 4);
    for (let k = 0; k < 4; k++) {
      if (!/[0-9a-fA-F]/.test(this.s[this.i] ?? "")) this.fail("in \\u hexadecimal character escape", true);
      this.i++;
    }
    const cu = parseInt(hex, 16);
    if (cu >= 55296 && cu <= 56319 && this.s.slice(this.i, this.i + 2) === "\\u") {
      const lo = parseInt(this.s.slice(this.i + 2, this.i + 6), 16);
      if (lo >= 56320 && lo <= 57343) {
        this.i += 6;
        return String.fromCharCode(cu, lo);
      }
    }
    return cu >= 55296 && cu <= 57343 ? "\uFFFD" : String.fromCharCode(cu);
  }
  number() {
    const start = this.i;
    const digit = () => /[0-9]/.test(this.s[this.i] ?? "");
    if (this.s[this.i] === "-") this.i++;
    if (this.s[this.i] === "0") this.i++;
    else if (digit()) while (digit()) this.i++;
    else this.fail("in numeric literal", true);
    if (this.s[this.i] === ".") {
      this.i++;
      if (!digit()) this.fail("after decimal point in numeric literal", true);
      while (digit()) this.i++;
    }
    if (this.s[this.i] === "e" || this.s[this.i] === "E") {
      this.i++;
      if (this.s[this.i] === "+" || this.s[this.i] === "-") this.i++;
      if (!digit()) this.fail("in exponent of numeric literal", true);
      while (digit()) this.i++;
    }
    const text = this.s.slice(start, this.i);
    const v = Number(text);
    if (!Number.isFinite(v))
      throw new JsonSyntaxError(`json: cannot unmarshal number ${text} into Go value of type float64`);
    return v;
  }
};
function decodeGoJson(text) {
  const p = new Parser2(text);
  p.ws();
  if (p.i >= text.length) throw new JsonSyntaxError("unexpected end of JSON input");
  const v = p.value();
  p.ws();
  if (p.i < text.length) p.fail("after top-level value");
  return v;
}

// src/template/funcs/sprig/go-float.ts
function shortestDigits2(x) {
  const [mant, exp] = Math.abs(x).toExponential().split("e");
  return { digits: mant.replace(".", ""), point: Number(exp) + 1 };
}
function expSuffix(e) {
  const a = Math.abs(e);
  return (e < 0 ? "e-" : "e+") + (a < 10 ? `0${a}` : String(a));
}
function special(x) {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "+Inf";
  if (x === -Infinity) return "-Inf";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  return void 0;
}
function formatGoFloat(x) {
  const s = special(x);
  if (s !== void 0) return s;
  const sign2 = x < 0 ? "-" : "";
  const { digits, point } = shortestDigits2(x);
  const exp = point - 1;
  if (exp < -4 || exp >= 6) {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return sign2 + mant + expSuffix(exp);
  }
  return sign2 + plainDigits(digits, point);
}
function plainDigits(digits, point) {
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
function formatJsonFloat(x) {
  if (!Number.isFinite(x)) return void 0;
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const abs = Math.abs(x);
  const sign2 = x < 0 ? "-" : "";
  const { digits, point } = shortestDigits2(x);
  if (abs < 1e-6 || abs >= 1e21) {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = point - 1;
    return sign2 + mant + (e < 0 ? "e-" : "e+") + String(Math.abs(e));
  }
  return sign2 + plainDigits(digits, point);
}

// src/template/funcs/sprig/go-json-encode.ts
var JsonMarshalError = class extends Error {
};
function jsonString(s, escapeHTML) {
  let out = '"';
  for (const ch2 of s) {
    const cp = ch2.codePointAt(0) ?? 0;
    if (ch2 === '"' || ch2 === "\\") out += `\\${ch2}`;
    else if (cp < 32) {
      const named = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };
      out += named[cp] ?? `\\u00${cp.toString(16).padStart(2, "0")}`;
    } else if (escapeHTML && (ch2 === "<" || ch2 === ">" || ch2 === "&")) out += `\\u00${cp.toString(16)}`;
    else if (cp === 8232 || cp === 8233) out += `\\u${cp.toString(16)}`;
    else if (cp >= 55296 && cp <= 57343) out += "\\ufffd";
    else out += ch2;
  }
  return `${out}"`;
}
function floatText(x) {
  const s = formatJsonFloat(x);
  if (s === void 0) throw new JsonMarshalError(`json: unsupported value: ${formatGoFloat(x)}`);
  return s;
}
function encode(v, o, prefix) {
  if (v === null) return "null";
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "string":
      return jsonString(v, o.escapeHTML);
    case "bigint":
      return v.toString();
    case "number":
      return floatText(v);
    default:
      break;
  }
  if (v instanceof GoNumber) return typeof v.value === "number" ? floatText(v.value) : v.value.toString();
  if (v instanceof Uint8Array) return `"${Buffer.from(v).toString("base64")}"`;
  if (v instanceof GoTime) return `"${formatGoTime(v, "2006-01-02T15:04:05.999999999Z07:00")}"`;
  if (v instanceof GoFunc) throw new JsonMarshalError("json: unsupported type: func()");
  const inner = prefix + o.indent;
  const nl = o.indent === "" ? "" : "\n";
  const colon = o.indent === "" ? ":" : ": ";
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    return `[${nl}${v.map((x) => inner + encode(x, o, inner)).join(`,${nl}`)}${nl}${prefix}]`;
  }
  let entries;
  if (v instanceof GoStruct) {
    const custom = v.methods.get("MarshalJSON");
    if (custom !== void 0) return jsonString(String(custom.impl([], void 0)), o.escapeHTML);
    entries = [...v.fields.entries()];
  } else if (isGoMap(v)) {
    entries = Object.keys(v).sort(compareGoStrings).map((k) => [k, v[k] ?? null]);
  } else return "null";
  if (entries.length === 0) return "{}";
  const body = entries.map(
    ([k, x]) => `${inner}${jsonString(k, o.escapeHTML)}${colon}${encode(x, o, inner)}`
  );
  return `{${nl}${body.join(`,${nl}`)}${nl}${prefix}}`;
}
function encodeGoJson(v, options = {}) {
  return encode(v, { escapeHTML: options.escapeHTML ?? true, indent: options.indent ?? "" }, "");
}

// src/template/funcs/sprig/json.ts
function encoder(options, onError) {
  return fn(["interface {}"], ([v]) => {
    try {
      return encodeGoJson(v ?? null, options);
    } catch (e) {
      if (onError === "empty") return "";
      throw new FuncError(e.message);
    }
  });
}
function jsonFuncs() {
  const pretty = { indent: "  " };
  const raw = { escapeHTML: false };
  return /* @__PURE__ */ new Map([
    ["toJson", encoder({}, "empty")],
    ["mustToJson", encoder({}, "throw")],
    ["toPrettyJson", encoder(pretty, "empty")],
    ["mustToPrettyJson", encoder(pretty, "throw")],
    // sprig's toRawJson panics on failure instead of returning "".
    ["toRawJson", encoder(raw, "throw")],
    ["mustToRawJson", encoder(raw, "throw")],
    [
      "fromJson",
      fn(["string"], ([s]) => {
        try {
          return decodeGoJson(strArg(s));
        } catch {
          return null;
        }
      })
    ],
    [
      "mustFromJson",
      fn(["string"], ([s]) => {
        try {
          return decodeGoJson(strArg(s));
        } catch (e) {
          throw new FuncError(e.message);
        }
      })
    ]
  ]);
}

// src/template/funcs/sprig/lists.ts
var NIL_DEREF = "runtime error: invalid memory address or nil pointer dereference";
function elems(v, what) {
  if (v === null || v === void 0) throw new FuncError(NIL_DEREF);
  if (v instanceof Uint8Array) return Array.from(v, (b) => new GoNumber("uint8", BigInt(b)));
  if (Array.isArray(v)) return v;
  throw new FuncError(`${what} ${kindOf(v)}`);
}
function listFn(what, op, extra, variadic = false) {
  const params = ["interface {}", ...Array(extra).fill("interface {}")];
  return fn(params, ([l, ...rest]) => op(elems(l, what), rest), variadic);
}
function sliceOp([l, ...idx]) {
  const list2 = elems(l, "list should be type of slice or array but");
  if (list2.length === 0) return null;
  const start = idx.length > 0 ? Number(toInt64(idx[0] ?? null)) : 0;
  const end = idx.length > 1 ? Number(toInt64(idx[1] ?? null)) : list2.length;
  if (start < 0 || end < start || end > list2.length)
    throw new FuncError("reflect.Value.Slice: slice index out of bounds");
  const out = list2.slice(start, end);
  return l instanceof Uint8Array ? Uint8Array.from(out.map((x) => Number(x.value))) : typedSlice(out, sliceElemType(list2));
}
function chunk(size, list2) {
  if (size <= 0) throw new FuncError("runtime error: makeslice: len out of range");
  const out = [];
  for (let i = 0; i < list2.length; i += size) out.push(list2.slice(i, i + size));
  return typedSlice(out, "[]interface {}");
}
function concat(lists) {
  const out = [];
  for (const l of lists) {
    if (l === null) throw new FuncError(NIL_DEREF);
    if (!Array.isArray(l) && !(l instanceof Uint8Array))
      throw new FuncError(`Cannot concat type ${kindOf(l)} as list`);
    out.push(...elems(l, ""));
  }
  return out;
}
function sortAlpha(v) {
  if (Array.isArray(v) || v instanceof Uint8Array)
    return typedSlice([...strslice(v)].sort(compareGoStrings), "string");
  return typedSlice([strval(v ?? null)], "string");
}
function listFuncs() {
  const both = (name, f) => [
    [name, f],
    [`must${name[0]?.toUpperCase()}${name.slice(1)}`, f]
  ];
  const push = listFn("Cannot push on type", (l, [v]) => [...l, v ?? null], 1);
  const has = fn(["interface {}", "interface {}"], ([needle, hay]) => {
    if (hay === null || hay === void 0) return false;
    return elems(hay, "Cannot find has on type").some((x) => deepEqual(needle, x));
  });
  return new Map([
    ["list", fn(["interface {}"], (args) => [...args], true)],
    ["tuple", fn(["interface {}"], (args) => [...args], true)],
    ["append", push],
    ["push", push],
    ["mustAppend", push],
    ["mustPush", push],
    ...both(
      "prepend",
      listFn("Cannot prepend on type", (l, [v]) => [v ?? null, ...l], 1)
    ),
    ...both(
      "first",
      listFn("Cannot find first on type", (l) => l[0] ?? null, 0)
    ),
    ...both(
      "last",
      listFn("Cannot find last on type", (l) => l[l.length - 1] ?? null, 0)
    ),
    ...both(
      "rest",
      listFn("Cannot find rest on type", (l) => l.slice(1), 0)
    ),
    ...both(
      "initial",
      listFn("Cannot find initial on type", (l) => l.slice(0, -1), 0)
    ),
    ...both(
      "reverse",
      listFn("Cannot find reverse on type", (l) => [...l].reverse(), 0)
    ),
    ...both(
      "uniq",
      listFn(
        "Cannot find uniq on type",
        (l) => l.filter((x, i) => l.findIndex((y) => deepEqual(x, y)) === i),
        0
      )
    ),
    ...both(
      "without",
      listFn(
        "Cannot find without on type",
        (l, omit) => l.filter((x) => !omit.some((o) => deepEqual(x, o))),
        1,
        true
      )
    ),
    ...both(
      "compact",
      listFn("Cannot compact on type", (l) => l.filter((x) => !isEmpty(x)), 0)
    ),
    ...both("has", has),
    ...both("slice", fn(["interface {}", "interface {}"], sliceOp, true)),
    ...both(
      "chunk",
      fn(["int", "interface {}"], ([n, l]) => chunk(intArg(n), elems(l, "Cannot chunk type")))
    ),
    ["concat", fn(["interface {}"], concat, true)],
    ["sortAlpha", fn(["interface {}"], ([v]) => sortAlpha(v))]
  ]);
}

// src/template/funcs/sprig/decimal.ts
function fromFloat(f) {
  if (!Number.isFinite(f))
    throw new Error(`Cannot create a Decimal from ${Number.isNaN(f) ? "NaN" : f > 0 ? "+Inf" : "-Inf"}`);
  if (f === 0) return { coef: 0n, exp: 0 };
  const [mant, e] = f.toExponential().split("e");
  const frac = mant.split(".")[1] ?? "";
  return { coef: BigInt(mant.replace(".", "")), exp: Number(e) - frac.length };
}
function align(a, b) {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp];
}
var DIVISION_PRECISION = 16;
function div(a, b) {
  if (b.coef === 0n) throw new Error("decimal division by 0");
  const k = a.exp - b.exp + DIVISION_PRECISION;
  const num2 = a.coef * 10n ** BigInt(Math.max(0, k));
  const den = b.coef * 10n ** BigInt(Math.max(0, -k));
  let q = num2 / den;
  const r = num2 % den;
  const abs = (x) => x < 0n ? -x : x;
  if (2n * abs(r) >= abs(den)) q += num2 < 0n !== den < 0n ? -1n : 1n;
  return { coef: q, exp: -DIVISION_PRECISION };
}
function apply(a, b, op) {
  if (op === "mul") return { coef: a.coef * b.coef, exp: a.exp + b.exp };
  if (op === "div") return div(a, b);
  const [x, y, exp] = align(a, b);
  return { coef: op === "add" ? x + y : x - y, exp };
}
function decimalOp(first, rest, op) {
  let acc = fromFloat(first);
  for (const x of rest) acc = apply(acc, fromFloat(x), op);
  return Number(`${acc.coef}e${acc.exp}`);
}

// src/template/funcs/sprig/math.ts
var i64 = (v) => GoNumber.int64(v);
var wrap2 = (v) => BigInt.asIntN(64, v);
function divide(a, b, op) {
  if (b === 0n) throw new FuncError("runtime error: integer divide by zero");
  return wrap2(op === "/" ? a / b : a % b);
}
function sprigRound(val, places, roundOn = 0.5) {
  const pow = 10 ** places;
  const digit = pow * val;
  const frac = digit - Math.trunc(digit);
  const r = frac >= roundOn ? Math.ceil(digit) : Math.floor(digit);
  return r / pow;
}
function untilStep(start, stop, step) {
  const v = [];
  if (stop < start) {
    if (step >= 0) return typedSlice(v, "int");
    for (let i = start; i > stop; i += step) v.push(BigInt(i));
    return typedSlice(v, "int");
  }
  if (step <= 0) return typedSlice(v, "int");
  for (let i = start; i < stop; i += step) v.push(BigInt(i));
  return typedSlice(v, "int");
}
function seq2(params) {
  let inc = 1;
  const join6 = (xs) => xs.join(" ");
  switch (params.length) {
    case 1: {
      const end = params[0];
      if (end < 1) inc = -1;
      return join6(untilStep(1, end + inc, inc));
    }
    case 2: {
      const [start, end] = params;
      const step = end < start ? -1 : 1;
      return join6(untilStep(start, end + step, step));
    }
    case 3: {
      const [start, step, end] = params;
      if (end < start) {
        inc = -1;
        if (step > 0) return "";
      }
      return join6(untilStep(start, end + inc, step));
    }
    default:
      return "";
  }
}
function reduceInt(args, pick) {
  let acc = toInt64(args[0] ?? null);
  for (const b of args.slice(1)) {
    const bb = toInt64(b);
    if (pick(bb, acc)) acc = bb;
  }
  return i64(acc);
}
function goMax(a, b) {
  if (a === Infinity || b === Infinity) return Infinity;
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) ? b : a;
  return a > b ? a : b;
}
function goMin(a, b) {
  if (a === -Infinity || b === -Infinity) return -Infinity;
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) ? a : b;
  return a < b ? a : b;
}
var ANY = ["interface {}"];
var ANY2 = ["interface {}", "interface {}"];
function mathFuncs() {
  const dec = (op) => ([a, ...rest]) => {
    try {
      return decimalOp(toFloat64(a ?? null), rest.map(toFloat64), op);
    } catch (e) {
      throw new FuncError(e.message);
    }
  };
  const max = fn(ANY2, (args) => reduceInt(args, (b, a) => b > a), true);
  return /* @__PURE__ */ new Map([
    ["add1", fn(ANY, ([a]) => i64(wrap2(toInt64(a ?? null) + 1n)))],
    ["add", fn(ANY, (args) => i64(args.reduce((s, b) => wrap2(s + toInt64(b)), 0n)), true)],
    ["sub", fn(ANY2, ([a, b]) => i64(wrap2(toInt64(a ?? null) - toInt64(b ?? null))))],
    ["div", fn(ANY2, ([a, b]) => i64(divide(toInt64(a ?? null), toInt64(b ?? null), "/")))],
    ["mod", fn(ANY2, ([a, b]) => i64(divide(toInt64(a ?? null), toInt64(b ?? null), "%")))],
    [
      "mul",
      fn(
        ANY2,
        ([a, ...rest]) => i64(rest.reduce((s, b) => wrap2(s * toInt64(b)), toInt64(a ?? null))),
        true
      )
    ],
    [
      "randInt",
      fn(["int", "int"], ([lo, hi]) => {
        const min = intArg(lo);
        const n = intArg(hi) - min;
        if (n <= 0) throw new FuncError("invalid argument to Intn");
        return BigInt(Math.floor(Math.random() * n) + min);
      })
    ],
    ["add1f", fn(ANY, ([a]) => decimalOp(toFloat64(a ?? null), [1], "add"))],
    ["addf", fn(ANY, (args) => decimalOp(0, args.map(toFloat64), "add"), true)],
    ["subf", fn(ANY2, dec("sub"), true)],
    ["divf", fn(ANY2, dec("div"), true)],
    ["mulf", fn(ANY2, dec("mul"), true)],
    ["biggest", max],
    ["max", max],
    ["min", fn(ANY2, (args) => reduceInt(args, (b, a) => b < a), true)],
    [
      "maxf",
      fn(
        ANY2,
        (args) => args.slice(1).reduce((a, b) => goMax(a, toFloat64(b)), toFloat64(args[0] ?? null)),
        true
      )
    ],
    [
      "minf",
      fn(
        ANY2,
        (args) => args.slice(1).reduce((a, b) => goMin(a, toFloat64(b)), toFloat64(args[0] ?? null)),
        true
      )
    ],
    ["ceil", fn(ANY, ([a]) => Math.ceil(toFloat64(a ?? null)))],
    ["floor", fn(ANY, ([a]) => Math.floor(toFloat64(a ?? null)))],
    [
      "round",
      fn(
        ["interface {}", "int", "float64"],
        ([a, p, ...r]) => sprigRound(toFloat64(a ?? null), intArg(p), r.length > 0 ? toFloat64(r[0] ?? null) : 0.5),
        true
      )
    ],
    ["until", fn(["int"], ([c]) => untilStep(0, intArg(c), intArg(c) < 0 ? -1 : 1))],
    ["untilStep", fn(["int", "int", "int"], ([a, b, c]) => untilStep(intArg(a), intArg(b), intArg(c)))],
    ["seq", fn(["int"], (args) => seq2(args.map(intArg)), true)]
  ]);
}

// src/template/funcs/sprig/os-network.ts
function lookup(ctx, name) {
  return ctx.env.environ?.[name] ?? "";
}
function expandEnv(s, get) {
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
    const special2 = /^[*#$@!?\-0-9]/.exec(rest);
    const braced = /^\{([^}]*)\}/.exec(rest);
    const plain = /^[A-Za-z0-9_]+/.exec(rest);
    if (rest.startsWith("{")) {
      if (braced === null) {
        i += 2;
        continue;
      }
      const name = braced[1] ?? "";
      if (name !== "") out += get(name);
      i += 1 + braced[0].length;
    } else if (special2 !== null) {
      out += get(special2[0]);
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
function osNetworkFuncs() {
  return /* @__PURE__ */ new Map([
    ["env", fn(["string"], ([n], ctx) => lookup(ctx, strArg(n)))],
    ["expandenv", fn(["string"], ([s], ctx) => expandEnv(strArg(s), (n) => lookup(ctx, n)))],
    [
      "getHostByName",
      fn(["string"], ([n]) => {
        throw new FuncError(
          `getHostByName ${JSON.stringify(strArg(n))}: DNS lookups are not available while rendering templates (offline)`
        );
      })
    ]
  ]);
}

// src/template/funcs/sprig/paths.ts
function cleanPath(p) {
  if (p === "") return ".";
  const rooted = p.startsWith("/");
  const out = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!rooted) out.push("..");
      continue;
    }
    out.push(part);
  }
  const body = out.join("/");
  if (rooted) return `/${body}`;
  return body === "" ? "." : body;
}
function basePath(p) {
  if (p === "") return ".";
  const trimmed = p.replace(/\/+$/, "");
  if (trimmed === "") return "/";
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}
function dirPath(p) {
  return cleanPath(p.slice(0, p.lastIndexOf("/") + 1));
}
function extPath(p) {
  for (let i = p.length - 1; i >= 0 && p[i] !== "/"; i--) if (p[i] === ".") return p.slice(i);
  return "";
}
function pathFuncs() {
  const s = (f) => fn(["string"], ([p]) => f(strArg(p)));
  const isAbs = (p) => p.startsWith("/");
  return /* @__PURE__ */ new Map([
    ["base", s(basePath)],
    ["dir", s(dirPath)],
    ["clean", s(cleanPath)],
    ["ext", s(extPath)],
    ["isAbs", s(isAbs)],
    ["osBase", s(basePath)],
    ["osClean", s(cleanPath)],
    ["osDir", s(dirPath)],
    ["osExt", s(extPath)],
    ["osIsAbs", s(isAbs)]
  ]);
}

// src/template/funcs/sprig/random.ts
var import_node_crypto9 = require("node:crypto");
var ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
var DIGITS = "0123456789";
var ASCII = Array.from({ length: 95 }, (_v, i) => String.fromCharCode(32 + i)).join("");
function randomString(count, alphabet) {
  if (count < 0)
    throw new FuncError(
      `randomstringutils illegal argument: Requested random string length ${count} is less than 0.`
    );
  let out = "";
  for (let i = 0; i < count; i++) out += alphabet[(0, import_node_crypto9.randomInt)(alphabet.length)];
  return out;
}
function randomFuncs() {
  const gen = (alphabet) => fn(["int"], ([n]) => intArg(n) < 0 ? "" : randomString(intArg(n), alphabet));
  return /* @__PURE__ */ new Map([
    ["randAlphaNum", gen(ALPHA + DIGITS)],
    ["randAlpha", gen(ALPHA)],
    ["randAscii", gen(ASCII)],
    ["randNumeric", gen(DIGITS)],
    [
      "randBytes",
      fn(["int"], ([n]) => {
        if (intArg(n) < 0) throw new FuncError("runtime error: makeslice: len out of range");
        return (0, import_node_crypto9.randomBytes)(intArg(n)).toString("base64");
      })
    ],
    ["uuidv4", fn([], () => (0, import_node_crypto9.randomUUID)())]
  ]);
}

// src/template/funcs/sprig/go-regexp-syntax.ts
var GoRegexpError = class extends Error {
};
var ch = (c) => c.codePointAt(0) ?? 0;
var POSIX = {
  alnum: [
    [ch("0"), ch("9")],
    [ch("A"), ch("Z")],
    [ch("a"), ch("z")]
  ],
  alpha: [
    [ch("A"), ch("Z")],
    [ch("a"), ch("z")]
  ],
  ascii: [[0, 127]],
  blank: [
    [9, 9],
    [32, 32]
  ],
  cntrl: [
    [0, 31],
    [127, 127]
  ],
  digit: [[ch("0"), ch("9")]],
  graph: [[ch("!"), ch("~")]],
  lower: [[ch("a"), ch("z")]],
  print: [[ch(" "), ch("~")]],
  punct: [
    [ch("!"), ch("/")],
    [ch(":"), ch("@")],
    [ch("["), ch("`")],
    [ch("{"), ch("~")]
  ],
  space: [
    [9, 13],
    [32, 32]
  ],
  upper: [[ch("A"), ch("Z")]],
  word: [
    [ch("0"), ch("9")],
    [ch("A"), ch("Z")],
    [ch("_"), ch("_")],
    [ch("a"), ch("z")]
  ],
  xdigit: [
    [ch("0"), ch("9")],
    [ch("A"), ch("F")],
    [ch("a"), ch("f")]
  ]
};
var GO_SPACE_RANGES = [
  [9, 10],
  [12, 13],
  [32, 32]
];
function rangesText(ranges, negate) {
  let rs = ranges;
  if (negate) {
    const out = [];
    let next = 0;
    for (const [lo, hi] of [...ranges].sort((x, y) => x[0] - y[0])) {
      if (lo > next) out.push([next, lo - 1]);
      next = Math.max(next, hi + 1);
    }
    if (next <= 1114111) out.push([next, 1114111]);
    rs = out;
  }
  const u = (n) => `\\u{${n.toString(16)}}`;
  return rs.map(([lo, hi]) => lo === hi ? u(lo) : `${u(lo)}-${u(hi)}`).join("");
}
function fail(what, arg) {
  throw new GoRegexpError(`error parsing regexp: ${what}: \`${arg}\``);
}
function hexEscape(ch2) {
  return `\\u{${(ch2.codePointAt(0) ?? 0).toString(16)}}`;
}
function translateEscape(pattern, i, inClass) {
  const c = pattern[i + 1];
  if (c === void 0) fail("trailing backslash at end of expression", "");
  if (/[1-9]/.test(c)) fail("invalid escape sequence", `\\${c}`);
  if (c === "z") return [inClass ? fail("invalid escape sequence", "\\z") : "(?![\\s\\S])", 2];
  if (c === "A") return [inClass ? fail("invalid escape sequence", "\\A") : "(?<![\\s\\S])", 2];
  if (c === "s" || c === "S") {
    const body = rangesText(GO_SPACE_RANGES, c === "S");
    return [inClass ? body : `[${body}]`, 2];
  }
  if ("dDwWbBtnrfv".includes(c)) return [`\\${c}`, 2];
  if (c === "a") return ["\\x07", 2];
  if (c === "0") {
    const m = /^[0-7]{0,2}/.exec(pattern.slice(i + 2));
    const oct = `0${m?.[0] ?? ""}`;
    return [hexEscape(String.fromCodePoint(parseInt(oct, 8))), 2 + (m?.[0].length ?? 0)];
  }
  if (c === "x") {
    const brace = /^\{([0-9a-fA-F]+)\}/.exec(pattern.slice(i + 2));
    if (brace !== null) return [`\\u{${brace[1]}}`, 2 + brace[0].length];
    const two2 = /^[0-9a-fA-F]{2}/.exec(pattern.slice(i + 2));
    if (two2 === null) fail("invalid escape sequence", pattern.slice(i, i + 4));
    return [`\\x${two2[0]}`, 4];
  }
  if (c === "p" || c === "P") {
    const m = /^\{(\^?)([A-Za-z_]+)\}|^([A-Za-z])/.exec(pattern.slice(i + 2));
    if (m === null) fail("invalid character class range", pattern.slice(i, i + 3));
    const neg = m[1] === "^" !== (c === "P");
    const name = m[2] ?? m[3] ?? "";
    const prop = name === "Any" ? "Any" : /^[A-Z][a-z]?$/.test(name) ? name : `Script=${name}`;
    return [`\\${neg ? "P" : "p"}{${prop}}`, 2 + m[0].length];
  }
  if (c === "Q") {
    const end = pattern.indexOf("\\E", i + 2);
    const lit = end < 0 ? pattern.slice(i + 2) : pattern.slice(i + 2, end);
    return [[...lit].map(hexEscape).join(""), end < 0 ? pattern.length - i : end + 2 - i];
  }
  if (/[A-Za-z0-9]/.test(c)) fail("invalid escape sequence", `\\${c}`);
  return [hexEscape(c), 2];
}
function applyFlags(base, spec) {
  const [on = "", off = ""] = spec.split("-");
  const out = { ...base };
  for (const f of on) out[f] = true;
  for (const f of off) out[f] = false;
  return out;
}
function caseVariants(c) {
  const set2 = /* @__PURE__ */ new Set([c]);
  for (const v of [c.toLowerCase(), c.toUpperCase()]) if ([...v].length === 1) set2.add(v);
  if (set2.has("k")) set2.add("\u212A");
  if (set2.has("s")) set2.add("\u017F");
  return [...set2];
}
function foldLiteral(c, fold) {
  if (!fold) return c;
  const vs = caseVariants(c);
  return vs.length === 1 ? c : `[${vs.join("")}]`;
}
function classRange(a, b, fold, text) {
  if ((b.codePointAt(0) ?? 0) < (a.codePointAt(0) ?? 0)) fail("invalid character class range", text);
  const esc = (c) => /[A-Za-z0-9]/.test(c) ? c : hexEscape(c);
  let out = `${esc(a)}-${esc(b)}`;
  if (fold) {
    for (const f of [(c) => c.toLowerCase(), (c) => c.toUpperCase()]) {
      const [x, y] = [f(a), f(b)];
      if ([...x].length === 1 && [...y].length === 1 && x <= y && (x !== a || y !== b))
        out += `${esc(x)}-${esc(y)}`;
    }
  }
  return out;
}
function singleCodePoint(pattern, i) {
  const c = pattern.codePointAt(i) ?? 0;
  if (pattern[i] !== "\\") return [c, String.fromCodePoint(c).length];
  const e = pattern[i + 1] ?? "";
  const named = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };
  if (named[e] !== void 0) return [named[e], 2];
  const hex = /^x(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{2}))/.exec(pattern.slice(i + 1));
  if (hex !== null) return [parseInt(hex[1] ?? hex[2] ?? "0", 16), 1 + hex[0].length];
  const oct = /^0[0-7]{0,2}/.exec(pattern.slice(i + 1));
  if (oct !== null) return [parseInt(oct[0], 8), 1 + oct[0].length];
  if (e !== "" && !/[A-Za-z0-9]/.test(e)) return [e.codePointAt(0) ?? 0, 2];
  return void 0;
}
function classAtom(pattern, i, fold) {
  const posix8 = /^\[:(\^?)([a-z]+):\]/.exec(pattern.slice(i));
  if (posix8 !== null) {
    const set2 = POSIX[posix8[2] ?? ""];
    if (set2 === void 0) fail("invalid character class range", posix8[0]);
    return [rangesText(set2, posix8[1] === "^"), posix8[0].length];
  }
  const lo = singleCodePoint(pattern, i);
  if (lo === void 0) return translateEscape(pattern, i, true);
  const dash = i + lo[1];
  if (pattern[dash] === "-" && pattern[dash + 1] !== void 0 && pattern[dash + 1] !== "]") {
    const hi = singleCodePoint(pattern, dash + 1);
    if (hi !== void 0) {
      const [a, b] = [String.fromCodePoint(lo[0]), String.fromCodePoint(hi[0])];
      return [classRange(a, b, fold, pattern.slice(i, dash + 1 + hi[1])), dash + 1 + hi[1] - i];
    }
  }
  const c = String.fromCodePoint(lo[0]);
  const lits = fold ? caseVariants(c) : [c];
  return [lits.map((x) => /[A-Za-z0-9 ]/.test(x) ? x : hexEscape(x)).join(""), lo[1]];
}
function translateClass(pattern, start, fold) {
  let out = "[";
  let i = start + 1;
  if (pattern[i] === "^") {
    out += "^";
    i++;
  }
  let first = true;
  while (i < pattern.length) {
    if (pattern[i] === "]" && !first) return [`${out}]`, i + 1 - start];
    first = false;
    const [js, n] = classAtom(pattern, i, fold);
    out += js;
    i += n;
  }
  return fail("missing closing ]", pattern.slice(start));
}
var Translator = class {
  constructor(pattern, nativeI) {
    this.pattern = pattern;
    this.nativeI = nativeI;
  }
  pattern;
  nativeI;
  stack = [];
  names = /* @__PURE__ */ new Map();
  groups = 0;
  cur = { i: false, m: false, s: false, U: false };
  out = "";
  /** Handles `(` at `i`; returns the number of pattern characters consumed. */
  openGroup(i) {
    const rest = this.pattern.slice(i);
    const named = /^\(\?P?<([A-Za-z0-9_]+)>/.exec(rest);
    const fl = /^\(\?([imsU]*(?:-[imsU]*)?)(:|\))/.exec(rest);
    if (fl !== null && fl[2] === ")") {
      this.cur = applyFlags(this.cur, fl[1] ?? "");
      return fl[0].length;
    }
    if (fl === null && named === null && rest.startsWith("(?"))
      fail("invalid or unsupported Perl syntax", rest.slice(0, 3));
    this.stack.push(this.cur);
    if (fl !== null) {
      this.cur = applyFlags(this.cur, fl[1] ?? "");
      this.out += "(?:";
      return fl[0].length;
    }
    this.groups++;
    const name = named?.[1];
    if (name !== void 0 && !this.names.has(name)) this.names.set(name, this.groups);
    this.out += "(";
    return named === null ? 1 : named[0].length;
  }
  closeGroup() {
    const prev = this.stack.pop();
    if (prev === void 0) fail("unexpected )", this.pattern);
    this.cur = prev;
    this.out += ")";
  }
  /** Handles a quantifier at `i`, or returns 0 when there is none. */
  quantifier(i) {
    const ch2 = this.pattern[i];
    const brace = ch2 === "{" ? /^\{[0-9]+(,[0-9]*)?\}/.exec(this.pattern.slice(i)) : null;
    if (ch2 !== "*" && ch2 !== "+" && ch2 !== "?" && brace === null) return 0;
    const q = brace?.[0] ?? ch2;
    const marked = this.pattern[i + q.length] === "?";
    this.out += q + (marked !== this.cur.U ? "?" : "");
    return q.length + (marked ? 1 : 0);
  }
  /** Translates the atom at `i`; returns the number of pattern characters consumed. */
  atom(i) {
    const ch2 = String.fromCodePoint(this.pattern.codePointAt(i) ?? 0);
    const fold = this.cur.i && !this.nativeI;
    if (ch2 === "\\") {
      const [js, n] = translateEscape(this.pattern, i, false);
      const lit = /^\\u\{([0-9a-f]+)\}$/.exec(js);
      this.out += fold && lit !== null ? foldLiteral(String.fromCodePoint(parseInt(lit[1] ?? "0", 16)), true) : js;
      return n;
    }
    if (ch2 === "[") {
      const [js, n] = translateClass(this.pattern, i, fold);
      this.out += js;
      return n;
    }
    if (ch2 === ".") this.out += this.cur.s ? "[\\s\\S]" : "[^\\n]";
    else if ((ch2 === "^" || ch2 === "$") && this.cur.m) this.out += ch2 === "^" ? "(?<![^\\n])" : "(?![^\\n])";
    else if ("/]}{".includes(ch2)) this.out += hexEscape(ch2);
    else this.out += ch2 === "^" || ch2 === "$" ? ch2 : foldLiteral(ch2, fold);
    return ch2.length;
  }
};
function translateGoRegexp(pattern) {
  const lead = /^\(\?([imsU]*i[imsU]*)\)/.exec(pattern);
  const nativeI = lead !== null && !/\(\?[imsU]*-[msU]*i/.test(pattern.slice(lead[0].length));
  const t = new Translator(pattern, nativeI);
  for (let i = 0; i < pattern.length; ) {
    if (pattern[i] === "(") i += t.openGroup(i);
    else if (pattern[i] === ")") {
      t.closeGroup();
      i++;
    } else i += t.quantifier(i) || t.atom(i);
  }
  if (t.stack.length > 0) fail("missing closing )", pattern);
  checkRepeats(pattern);
  return { source: t.out, flags: nativeI ? "ui" : "u", names: t.names };
}
function checkRepeats(pattern) {
  const stripped = pattern.replace(/\\Q[\s\S]*?(\\E|$)/g, "x").replace(/\\[pPx]\{[^}]*\}/g, "x").replace(/\\./g, "x").replace(/\[[^\]]*\]/g, "x").replace(/\(\?(P?<[A-Za-z0-9_]+>|[imsU-]*:?)/g, "(").replace(/\(\)/g, "(");
  const bad = /(^|[(|])([*+?])/.exec(stripped);
  if (bad !== null) fail("missing argument to repetition operator", bad[2] ?? "*");
  const nested = /([*+?]|\})([*+]|\{[0-9])/.exec(stripped.replace(/([*+?}])\?/g, "$1"));
  if (nested !== null) fail("invalid nested repetition operator", nested[0]);
  for (const m of stripped.matchAll(/\{([0-9]+)(,([0-9]*))?\}/g)) {
    const lo = Number(m[1]);
    const hi = m[3] === void 0 || m[3] === "" ? lo : Number(m[3]);
    if (lo > 1e3 || hi > 1e3 || m[3] !== void 0 && m[3] !== "" && hi < lo)
      fail("invalid repeat count", m[0]);
  }
}

// src/template/funcs/sprig/go-regexp.ts
var cache = /* @__PURE__ */ new Map();
var groupNames = /* @__PURE__ */ new WeakMap();
function namesOf(re) {
  return groupNames.get(re) ?? /* @__PURE__ */ new Map();
}
function compileGoRegexp(pattern) {
  const hit = cache.get(pattern);
  if (hit !== void 0) return hit;
  const { source, flags, names } = translateGoRegexp(pattern);
  let re;
  try {
    re = new RegExp(source, `${flags}g`);
  } catch (e) {
    throw new GoRegexpError(`error parsing regexp: ${e.message}: \`${pattern}\``);
  }
  if (cache.size > 500) cache.clear();
  cache.set(pattern, re);
  groupNames.set(re, names);
  return re;
}
function mustCompileMessage(pattern, err) {
  const q = /^[^`\p{Cc}]*$/u.test(pattern) ? `\`${pattern}\`` : JSON.stringify(pattern);
  return `regexp: Compile(${q}): ${err.message}`;
}
function findAllGo(re, s, n) {
  const out = [];
  let pos = 0;
  let prevEnd = -1;
  while ((n < 0 || out.length < n) && pos <= s.length) {
    re.lastIndex = pos;
    const m = re.exec(s);
    if (m === null) break;
    const end = m.index + m[0].length;
    let accept = true;
    if (end === pos) {
      if (m.index === prevEnd) accept = false;
      pos += width(s, pos);
    } else pos = end;
    prevEnd = end;
    if (accept) out.push(m);
  }
  return out;
}
function width(s, i) {
  if (i >= s.length) return 1;
  const c = s.codePointAt(i) ?? 0;
  return c > 65535 ? 2 : 1;
}
function replaceAllGo(re, s, repl) {
  let out = "";
  let lastEnd = 0;
  let search = 0;
  while (search <= s.length) {
    re.lastIndex = search;
    const m = re.exec(s);
    if (m === null) break;
    const start = m.index;
    const end = start + m[0].length;
    out += s.slice(lastEnd, start);
    if (end > lastEnd || start === 0) out += repl(m);
    lastEnd = end;
    const w = width(s, search);
    if (search + w > end) search += w;
    else if (search + 1 > end) search++;
    else search = end;
  }
  return out + s.slice(lastEnd);
}
function expandGo(template, m, names = /* @__PURE__ */ new Map()) {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const d = template.indexOf("$", i);
    if (d < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, d);
    const rest = template.slice(d + 1);
    if (rest.startsWith("$")) {
      out += "$";
      i = d + 2;
      continue;
    }
    const ref = /^\{([A-Za-z0-9_]+)\}/.exec(rest) ?? /^([A-Za-z0-9_]+)/.exec(rest);
    if (ref === null) {
      out += "$";
      i = d + 1;
      continue;
    }
    out += groupValue(m, ref[1] ?? "", names);
    i = d + 1 + ref[0].length;
  }
  return out;
}
function groupValue(m, name, names) {
  if (/^[0-9]+$/.test(name)) return m[Number(name)] ?? "";
  const idx = names.get(name);
  return idx === void 0 ? "" : m[idx] ?? "";
}
function splitGo(re, pattern, s, n) {
  if (n === 0) return [];
  if (pattern.length > 0 && s.length === 0) return [""];
  const matches = findAllGo(re, s, n);
  const out = [];
  let beg = 0;
  let end = 0;
  for (const m of matches) {
    if (n > 0 && out.length === n - 1) break;
    end = m.index;
    if (m.index + m[0].length !== 0) out.push(s.slice(beg, end));
    beg = m.index + m[0].length;
  }
  if (end !== s.length) out.push(s.slice(beg));
  return out;
}
function quoteMetaGo(s) {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, "\\$&");
}

// src/template/funcs/sprig/regex.ts
function compile(pattern, must) {
  try {
    return compileGoRegexp(pattern);
  } catch (e) {
    throw new FuncError(must ? e.message : mustCompileMessage(pattern, e));
  }
}
function pair(name, params, body) {
  const make = (must) => fn(params, (args) => {
    const pattern = strArg(args[0]);
    const strs = args.map((a) => typeof a === "string" ? a : "");
    const n = params[params.length - 1] === "int" ? intArg(args[args.length - 1]) : 0;
    return body(compile(pattern, must), strs, n, pattern);
  });
  return [
    [name, make(false)],
    [`must${name[0]?.toUpperCase()}${name.slice(1)}`, make(true)]
  ];
}
function regexMatch(must) {
  return fn(["string", "string"], ([p, s]) => {
    let re;
    try {
      re = compileGoRegexp(strArg(p));
    } catch (e) {
      if (must) throw new FuncError(e.message);
      return false;
    }
    re.lastIndex = 0;
    return re.test(strArg(s));
  });
}
function regexFuncs() {
  return new Map([
    ["regexMatch", regexMatch(false)],
    ["mustRegexMatch", regexMatch(true)],
    ...pair(
      "regexFindAll",
      ["string", "string", "int"],
      (re, [, s], n) => typedSlice(
        findAllGo(re, s ?? "", n).map((m) => m[0]),
        "string"
      )
    ),
    ...pair("regexFind", ["string", "string"], (re, [, s]) => findAllGo(re, s ?? "", 1)[0]?.[0] ?? ""),
    ...pair(
      "regexReplaceAll",
      ["string", "string", "string"],
      (re, [, s, r]) => replaceAllGo(re, s ?? "", (m) => expandGo(r ?? "", m, namesOf(re)))
    ),
    ...pair(
      "regexReplaceAllLiteral",
      ["string", "string", "string"],
      (re, [, s, r]) => replaceAllGo(re, s ?? "", () => r ?? "")
    ),
    ...pair(
      "regexSplit",
      ["string", "string", "int"],
      (re, [, s], n, p) => typedSlice(splitGo(re, p, s ?? "", n), "string")
    ),
    ["regexQuoteMeta", fn(["string"], ([s]) => quoteMetaGo(strArg(s)))]
  ]);
}

// src/template/funcs/sprig/semver-core.ts
var LOOSE = /^v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*))?(\+([0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*))?$/;
var U64_MAX = 2n ** 64n - 1n;
var SemverError = class extends Error {
};
function segment(s) {
  const v = BigInt(s);
  if (v > U64_MAX)
    throw new SemverError(
      `error parsing version segment: strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`
    );
  return v;
}
function validatePre(p) {
  for (const part of p.split(".")) {
    if (part === "") throw new SemverError("invalid prerelease string");
    if (/^[0-9]+$/.test(part)) {
      if (part.length > 1 && part[0] === "0") throw new SemverError("version segment starts with 0");
    } else if (!/^[0-9A-Za-z-]+$/.test(part)) throw new SemverError("invalid prerelease string");
  }
}
function parseVersion(v) {
  const m = LOOSE.exec(v);
  if (m === null) throw new SemverError("invalid semantic version");
  const pre = m[5] ?? "";
  const metadata = m[8] ?? "";
  if (pre !== "") validatePre(pre);
  return {
    major: segment(m[1]),
    minor: m[2] === void 0 ? 0n : segment(m[2].slice(1)),
    patch: m[3] === void 0 ? 0n : segment(m[3].slice(1)),
    pre,
    metadata,
    original: v
  };
}
function versionString(v) {
  return `${v.major}.${v.minor}.${v.patch}${v.pre !== "" ? `-${v.pre}` : ""}${v.metadata !== "" ? `+${v.metadata}` : ""}`;
}
function cmpPart(s, o) {
  if (s === o) return 0;
  if (s === "") return -1;
  if (o === "") return 1;
  const sn = /^[0-9]+$/.test(s);
  const on = /^[0-9]+$/.test(o);
  if (!sn && !on) return s > o ? 1 : -1;
  if (!on) return -1;
  if (!sn) return 1;
  return BigInt(s) > BigInt(o) ? 1 : -1;
}
function compareVersions(a, b) {
  for (const k of ["major", "minor", "patch"]) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  if (a.pre === b.pre) return 0;
  if (a.pre === "") return 1;
  if (b.pre === "") return -1;
  const sp = a.pre.split(".");
  const op = b.pre.split(".");
  for (let i = 0; i < Math.max(sp.length, op.length); i++) {
    const d = cmpPart(sp[i] ?? "", op[i] ?? "");
    if (d !== 0) return d;
  }
  return 0;
}
var CV = String.raw`v?([0-9|xX*]+)(\.[0-9|xX*]+)?(\.[0-9|xX*]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?`;
var OPS = String.raw`=|!=|>|<|>=|=>|<=|=<|~|~>|\^`;
var OPS_FIND = String.raw`(?:!=|>=|=>|<=|=<|~>|=|>|<|~|\^)?`;
var CONSTRAINT = new RegExp(String.raw`^\s*(${OPS_FIND})\s*(${CV})\s*$`);
var FIND = new RegExp(String.raw`(${OPS_FIND})\s*(${CV})`, "g");
var VALID = new RegExp(
  String.raw`^(\s*(${OPS_FIND})\s*(${CV})\s*)((?:\s+|,\s*)(${OPS_FIND})\s*(${CV})\s*)*$`
);
var RANGE = new RegExp(String.raw`\s*(${CV})\s+-\s+(${CV})\s*`, "g");
var isX = (s) => s === "x" || s === "X" || s === "*";
function parseConstraint(text) {
  const m = CONSTRAINT.exec(text);
  if (m === null) throw new SemverError(`improper constraint: ${text}`);
  const op = m[1] ?? "";
  const major = m[3] ?? "";
  const minor = m[4] ?? "";
  const patch = m[5] ?? "";
  const pre = m[6] ?? "";
  let ver = m[2] ?? "";
  let dirty = false;
  let minorDirty = false;
  let patchDirty = false;
  if (isX(major)) {
    ver = `0.0.0${pre}`;
    dirty = true;
  } else if (isX(minor.slice(1)) || minor === "") {
    [minorDirty, dirty, ver] = [true, true, `${major}.0.0${pre}`];
  } else if (isX(patch.slice(1)) || patch === "") {
    [patchDirty, dirty, ver] = [true, true, `${major}${minor}.0${pre}`];
  }
  let con;
  try {
    con = parseVersion(ver);
  } catch {
    throw new SemverError("constraint parser error");
  }
  return { op, con, dirty, minorDirty, patchDirty };
}
function parseConstraints(c) {
  const rewritten = c.replace(
    RANGE,
    (_m, a, ...rest) => `>= ${a}, <= ${String(rest[9])} `
  );
  const groups = rewritten.split("||").map((part) => {
    if (!VALID.test(part)) throw new SemverError(`improper constraint: ${part}`);
    const found = [...part.matchAll(FIND)].map((m) => m[0]);
    const items = (found.length > 0 ? found : [part]).map(parseConstraint);
    return { items, hasPre: items.some((i) => i.con.pre !== "") };
  });
  return { groups };
}
function check(v, c, includePre) {
  if (v.pre !== "" && !includePre) return false;
  const cmp = compareVersions(v, c.con);
  switch (c.op) {
    case "":
    case "=":
      return c.dirty ? tilde(v, c) : cmp === 0;
    case "!=":
      return notEqual(v, c, cmp);
    case ">":
      if (!c.dirty) return cmp > 0;
      if (v.major !== c.con.major) return v.major > c.con.major;
      if (c.minorDirty) return false;
      if (c.patchDirty) return v.minor > c.con.minor;
      return cmp > 0;
    case "<":
      return cmp < 0;
    case ">=":
    case "=>":
      return cmp >= 0;
    case "<=":
    case "=<":
      if (!c.dirty) return cmp <= 0;
      if (v.major > c.con.major) return false;
      return !(v.major === c.con.major && v.minor > c.con.minor && !c.minorDirty);
    case "~":
    case "~>":
      return tilde(v, c);
    default:
      return caret(v, c, cmp);
  }
}
function notEqual(v, c, cmp) {
  if (c.dirty) {
    if (c.con.major !== v.major) return true;
    if (c.con.minor !== v.minor && !c.minorDirty) return true;
    if (c.minorDirty) return false;
    if (c.con.patch !== v.patch && !c.patchDirty) return true;
    if (c.patchDirty) {
      if (v.pre !== "" || c.con.pre !== "")
        return compareVersions(
          { ...v, major: 0n, minor: 0n, patch: 0n },
          { ...c.con, major: 0n, minor: 0n, patch: 0n }
        ) !== 0;
      return false;
    }
  }
  return cmp !== 0;
}
function tilde(v, c) {
  if (compareVersions(v, c.con) < 0) return false;
  if (c.con.major === 0n && c.con.minor === 0n && c.con.patch === 0n && !c.minorDirty && !c.patchDirty)
    return true;
  if (v.major !== c.con.major) return false;
  return !(v.minor !== c.con.minor && !c.minorDirty);
}
function caret(v, c, cmp) {
  if (cmp < 0) return false;
  if (c.con.major > 0n || c.minorDirty) return v.major === c.con.major;
  if (v.major > 0n) return false;
  if (c.con.minor > 0n || c.patchDirty) return v.minor === c.con.minor;
  if (v.minor > 0n) return false;
  return c.con.patch === v.patch;
}
function checkConstraints(cs, v) {
  return cs.groups.some((g) => g.items.every((c) => check(v, c, g.hasPre)));
}

// src/template/funcs/sprig/semver.ts
var u64 = (v) => new GoNumber("uint64", v);
function versionOf(v) {
  if (v instanceof GoStruct && v.typeName === "semver.Version") {
    const inner = SEMVER_DATA.get(v);
    if (inner !== void 0) return inner;
  }
  throw new FuncError(
    `wrong type for value; expected *semver.Version; got ${v === null || v === void 0 ? "<nil>" : typeof v}`
  );
}
var SEMVER_DATA = /* @__PURE__ */ new WeakMap();
function bump(v, part) {
  const vPrefix = v.original.startsWith("v") ? "v" : "";
  let next;
  if (part === "patch") {
    next = v.pre !== "" ? { ...v, pre: "", metadata: "" } : { ...v, patch: v.patch + 1n, pre: "", metadata: "" };
  } else if (part === "minor") next = { ...v, minor: v.minor + 1n, patch: 0n, pre: "", metadata: "" };
  else next = { ...v, major: v.major + 1n, minor: 0n, patch: 0n, pre: "", metadata: "" };
  return { ...next, original: vPrefix + versionString(next) };
}
function semverValue(v, pointer = true) {
  const other = (f) => fn(["interface {}"], ([o]) => f(versionOf(o)));
  const methods = /* @__PURE__ */ new Map([
    ["Major", fn([], () => u64(v.major))],
    ["Minor", fn([], () => u64(v.minor))],
    ["Patch", fn([], () => u64(v.patch))],
    ["Prerelease", fn([], () => v.pre)],
    ["Metadata", fn([], () => v.metadata)],
    ["Original", fn([], () => v.original)],
    ["String", fn([], () => versionString(v))],
    ["Compare", other((o) => BigInt(compareVersions(v, o)))],
    ["LessThan", other((o) => compareVersions(v, o) < 0)],
    ["LessThanEqual", other((o) => compareVersions(v, o) <= 0)],
    ["GreaterThan", other((o) => compareVersions(v, o) > 0)],
    ["GreaterThanEqual", other((o) => compareVersions(v, o) >= 0)],
    ["Equal", other((o) => compareVersions(v, o) === 0)],
    ["IncMajor", fn([], () => semverValue(bump(v, "major"), false))],
    ["IncMinor", fn([], () => semverValue(bump(v, "minor"), false))],
    ["IncPatch", fn([], () => semverValue(bump(v, "patch"), false))],
    ["MarshalJSON", fn([], () => versionString(v))]
  ]);
  const s = new GoStruct("semver.Version", /* @__PURE__ */ new Map(), methods, pointer);
  SEMVER_DATA.set(s, v);
  return s;
}
function semverFuncs() {
  return /* @__PURE__ */ new Map([
    [
      "semver",
      fn(["string"], ([s]) => {
        try {
          return semverValue(parseVersion(strArg(s)));
        } catch (e) {
          throw new FuncError(e.message);
        }
      })
    ],
    [
      "semverCompare",
      fn(["string", "string"], ([c, v]) => {
        try {
          return checkConstraints(parseConstraints(strArg(c)), parseVersion(strArg(v)));
        } catch (e) {
          throw new FuncError(e.message);
        }
      })
    ]
  ]);
}

// src/template/funcs/sprig/bytes.ts
function sliceBoundsError(len, start, end) {
  const pre = "runtime error: slice bounds out of range";
  if (end !== void 0 && (end < 0 || end > len)) return `${pre} [:${end}] with length ${len}`;
  const hi = end ?? len;
  if (start !== void 0 && start < 0) return `${pre} [${start}:]`;
  if (start !== void 0 && start > hi) return `${pre} [${start}:${hi}]`;
  return void 0;
}
function byteSlice(s, start, end) {
  const b = goStringToBytes(s);
  const err = sliceBoundsError(b.length, start, end);
  if (err !== void 0) throw new Error(err);
  return goStringFromBytes(b.subarray(start ?? 0, end ?? b.length));
}
var toBytes = goStringToBytes;
function bytesAsRunes(b) {
  let out = "";
  for (const x of b) out += String.fromCharCode(x);
  return out;
}

// src/template/funcs/sprig/case-convert.ts
var isSpace = (c) => /^[\t\n\v\f\r \u0085\u00a0\p{Zs}\u2028\u2029]$/u.test(c);
var isConnector = (c) => c === "-" || c === "_" || isSpace(c);
var isUpper = (c) => new RegExp("^\\p{Lu}$", "u").test(c);
var isLower = (c) => new RegExp("^\\p{Ll}$", "u").test(c);
var isTitleCase = (c) => new RegExp("^\\p{Lt}$", "u").test(c);
var isPunct = (c) => new RegExp("^\\p{P}$", "u").test(c);
var isNumber = (c) => new RegExp("^\\p{N}$", "u").test(c);
var isCJK = (cp) => cp >= 19968 && cp <= 40908 || cp >= 13312 && cp <= 19845 || cp >= 131072 && cp <= 178205;
var isAlphabet = (c) => new RegExp("^\\p{L}$", "u").test(c) && !isCJK(c.codePointAt(0) ?? 0);
function runeUpper(c) {
  const u = c.toUpperCase();
  return [...u].length === 1 ? u : c;
}
function runeLower(c) {
  if (c === "\u0130") return "i";
  const l = c.toLowerCase();
  return [...l].length === 1 ? l : c;
}
function runeTitle(c) {
  const titles = {
    "\u01C4": "\u01C5",
    "\u01C6": "\u01C5",
    "\u01C7": "\u01C8",
    "\u01C9": "\u01C8",
    "\u01CA": "\u01CB",
    "\u01CC": "\u01CB",
    "\u01F1": "\u01F2",
    "\u01F3": "\u01F2"
  };
  return titles[c] ?? runeUpper(c);
}
function nextWord(runes, start) {
  const r = runes[start];
  let i = start + 1;
  const run = (pred) => {
    while (i < runes.length && pred(runes[i])) i++;
  };
  if (isConnector(r)) {
    run(isConnector);
    return { wt: "connector", end: i };
  }
  if (isPunct(r)) {
    run(isPunct);
    return { wt: "punct", end: i };
  }
  if (isUpper(r)) {
    if (i >= runes.length) return { wt: "upper", end: i };
    const n = runes[i];
    if (isUpper(n)) {
      run(isUpper);
      if (i < runes.length && isAlphabet(runes[i])) i--;
    } else if (isAlphabet(n)) run((c) => isAlphabet(c) && !isUpper(c));
    return { wt: "upper", end: i };
  }
  if (isAlphabet(r)) {
    run((c) => isAlphabet(c) && !isUpper(c));
    return { wt: "alphabet", end: i };
  }
  if (isNumber(r)) {
    run(isNumber);
    return { wt: "number", end: i };
  }
  run((c) => !(isConnector(c) || isAlphabet(c) || isNumber(c) || isPunct(c)));
  return { wt: "other", end: i };
}
function toDelimitedLower(str2, connector) {
  const runes = [...str2];
  if (runes.length === 0) return "";
  let out = "";
  const lower = (wt, word) => {
    if (wt !== "upper" && wt !== "connector") {
      out += word.join("");
      return;
    }
    for (const c of word) out += isConnector(c) ? connector : isUpper(c) ? runeLower(c) : c;
  };
  let pos = 0;
  const take = () => {
    if (pos >= runes.length) return { wt: "invalid", word: [] };
    const { wt, end } = nextWord(runes, pos);
    const word = runes.slice(pos, end);
    pos = end;
    return { wt, word };
  };
  let cur = take();
  while (pos < runes.length) {
    if (cur.wt !== "connector") lower(cur.wt, cur.word);
    const prev = cur;
    cur = take();
    if (prev.wt === "number") {
      while (cur.wt === "alphabet" || cur.wt === "number") {
        lower(cur.wt, cur.word);
        cur = take();
      }
      if (cur.wt !== "invalid" && cur.wt !== "punct" && cur.wt !== "connector") out += connector;
    } else if (prev.wt === "connector") {
      lower(prev.wt, prev.word);
    } else if (prev.wt !== "punct") {
      if (cur.wt !== "number") {
        if (cur.wt !== "connector" && cur.wt !== "punct") out += connector;
        continue;
      }
      if (pos >= runes.length) continue;
      const num2 = cur;
      cur = take();
      if (cur.wt !== "alphabet") {
        lower("number", num2.word);
        if (cur.wt !== "connector" && cur.wt !== "punct") out += connector;
        continue;
      }
      out += connector;
      lower("number", num2.word);
      while (cur.wt === "alphabet" || cur.wt === "number") {
        lower(cur.wt, cur.word);
        cur = take();
      }
      if (cur.wt !== "invalid" && cur.wt !== "connector" && cur.wt !== "punct") out += connector;
    }
  }
  lower(cur.wt, cur.word);
  return out;
}
function toPascalCase(str2) {
  const runes = [...str2];
  if (runes.length === 0) return "";
  let out = "";
  let i = 0;
  while (i < runes.length && isConnector(runes[i])) out += runes[i++];
  if (i >= runes.length) return out + runes[runes.length - 1];
  let firstUpper = isUpper(runes[i]);
  let r0 = runeUpper(runes[i++]);
  for (; i < runes.length; i++) {
    const r1 = r0;
    r0 = runes[i];
    if (isConnector(r0) && isConnector(r1)) {
      out += r1;
      continue;
    }
    if (isConnector(r1)) {
      firstUpper = isUpper(r0);
      r0 = runeUpper(r0);
    } else {
      if (firstUpper) {
        if (isUpper(r0)) r0 = runeLower(r0);
        else firstUpper = false;
      }
      out += r1;
    }
  }
  return out + r0;
}
function swapCase(str2) {
  let ws = true;
  let out = "";
  for (const c of str2) {
    if (isUpper(c) || isTitleCase(c)) {
      out += runeLower(c);
      ws = false;
    } else if (isLower(c)) {
      out += ws ? runeTitle(c) : runeUpper(c);
      ws = false;
    } else {
      out += c;
      ws = isSpace(c);
    }
  }
  return out;
}
function uncapitalize(str2) {
  let next = true;
  let out = "";
  for (const c of str2) {
    if (isSpace(c)) {
      next = true;
      out += c;
    } else if (next) {
      out += runeLower(c);
      next = false;
    } else out += c;
  }
  return out;
}
function goTitle(str2) {
  let prev = " ";
  let out = "";
  for (const c of str2) {
    out += isTitleSeparator(prev) ? runeTitle(c) : c;
    prev = c;
  }
  return out;
}
function isTitleSeparator(c) {
  const cp = c.codePointAt(0) ?? 0;
  if (cp <= 127) return !/[0-9A-Za-z_]/.test(c);
  if (/^[\p{L}\p{N}]$/u.test(c)) return false;
  return isSpace(c);
}

// src/template/funcs/sprig/wrap.ts
function wrapCustom(str2, wrapLength, newLine2, wrapLong) {
  if (str2 === "") return "";
  const nl = newLine2 === "" ? "\n" : newLine2;
  const width2 = Math.max(wrapLength, 1);
  const b = toBytes(str2);
  const len = b.length;
  const SPACE = 32;
  let offset = 0;
  let out = "";
  while (len - offset > width2) {
    if (b[offset] === SPACE) {
      offset++;
      continue;
    }
    const end = Math.min(width2 + offset + 1, len);
    const at = b.subarray(offset, end).lastIndexOf(SPACE);
    if (at >= 0) {
      out += byteSlice(str2, offset, offset + at) + nl;
      offset = offset + at + 1;
    } else if (wrapLong) {
      out += byteSlice(str2, offset, width2 + offset) + nl;
      offset += width2;
    } else {
      const e = width2 + offset;
      const idx = b.subarray(e).indexOf(SPACE);
      if (idx < 0) {
        out += byteSlice(str2, offset);
        offset = len;
      } else {
        out += byteSlice(str2, offset, idx + e) + nl;
        offset = idx + e + 1;
      }
    }
  }
  return out + byteSlice(str2, offset);
}

// src/template/funcs/sprig/strings.ts
function trimSpace(s) {
  const cps = [...s];
  let a = 0;
  let b = cps.length;
  while (a < b && isSpace(cps[a])) a++;
  while (b > a && isSpace(cps[b - 1])) b--;
  return cps.slice(a, b).join("");
}
function trimCutset(s, cutset) {
  const set2 = new Set(cutset);
  const cps = [...s];
  let a = 0;
  let b = cps.length;
  while (a < b && set2.has(cps[a])) a++;
  while (b > a && set2.has(cps[b - 1])) b--;
  return cps.slice(a, b).join("");
}
function replaceAll(src, old, rep) {
  if (old === "") return rep + [...src].map((c) => c + rep).join("");
  return src.split(old).join(rep);
}
function goSplit(s, sep2, n = -1) {
  if (n === 0) return [];
  if (sep2 === "") {
    const runes = [...s];
    if (n < 0 || n >= runes.length) return runes;
    return [...runes.slice(0, n - 1), runes.slice(n - 1).join("")];
  }
  const parts = s.split(sep2);
  if (n < 0 || parts.length <= n) return parts;
  return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep2)];
}
function indexMap(parts) {
  const m = newGoMap();
  parts.forEach((p, i) => m[`_${i}`] = p);
  return typedMap(m, "string");
}
function indent(spaces, v) {
  if (spaces < 0) throw new FuncError("strings: negative Repeat count");
  const pad3 = " ".repeat(spaces);
  return pad3 + v.split("\n").join(`
${pad3}`);
}
function trunc(c, s) {
  const len = toBytes(s).length;
  if (c < 0 && len + c > 0) return byteSlice(s, len + c);
  if (c >= 0 && len > c) return byteSlice(s, 0, c);
  return s;
}
function substring(start, end, s) {
  const len = toBytes(s).length;
  try {
    if (start < 0) return byteSlice(s, void 0, end);
    if (end < 0 || end > len) return byteSlice(s, start);
    return byteSlice(s, start, end);
  } catch (e) {
    throw new FuncError(e.message);
  }
}
function abbreviateFull(s, offset, maxWidth) {
  const len = toBytes(s).length;
  if (s === "") return "";
  if (len <= maxWidth) return s;
  let off = Math.min(offset, len);
  if (len - off < maxWidth - 3) off = len - (maxWidth - 3);
  if (off <= 4) return `${byteSlice(s, 0, maxWidth - 3)}...`;
  if (off + maxWidth - 3 < len) return `...${abbreviateFull(byteSlice(s, off), 0, maxWidth - 3)}`;
  return `...${byteSlice(s, len - (maxWidth - 3))}`;
}
function byteWise(s, keep, firstOnly) {
  const out = [];
  let gap = true;
  for (const b of toBytes(s)) {
    const space = isSpace(String.fromCharCode(b));
    if (firstOnly) {
      if (space) gap = true;
      else if (gap) {
        out.push(b);
        gap = false;
      }
    } else if (keep(b) && !space) out.push(b);
  }
  return bytesAsRunes(out);
}
function nospace(s) {
  const b = toBytes(s);
  const kept = byteWise(s, () => true, false);
  return [...kept].length === b.length ? s : kept;
}
var s1 = (f) => fn(["string"], ([a]) => f(strArg(a)));
var s2 = (f) => fn(["string", "string"], ([a, b]) => f(strArg(a), strArg(b)));
var mapRunes = (s, f) => [...s].map((c) => c >= "\uDC80" && c <= "\uDCFF" ? c : f(c)).join("");
function stringFuncs() {
  return /* @__PURE__ */ new Map([
    ["hello", fn([], () => "Hello!")],
    [
      "abbrev",
      fn(
        ["int", "string"],
        ([w, s]) => intArg(w) < 4 ? strArg(s) : abbreviateFull(strArg(s), 0, intArg(w))
      )
    ],
    [
      "abbrevboth",
      fn(["int", "int", "string"], ([l, r, s]) => {
        const left = intArg(l);
        const right = intArg(r);
        if (right < 4 || left > 0 && right < 7) return strArg(s);
        return abbreviateFull(strArg(s), left, right);
      })
    ],
    ["trunc", fn(["int", "string"], ([c, s]) => trunc(intArg(c), strArg(s)))],
    ["trim", s1(trimSpace)],
    ["upper", s1((s) => mapRunes(s, runeUpper))],
    ["lower", s1((s) => mapRunes(s, runeLower))],
    ["title", s1(goTitle)],
    ["untitle", s1(uncapitalize)],
    ["substr", fn(["int", "int", "string"], ([a, b, s]) => substring(intArg(a), intArg(b), strArg(s)))],
    [
      "repeat",
      fn(["int", "string"], ([c, s]) => {
        if (intArg(c) < 0) throw new FuncError("strings: negative Repeat count");
        return strArg(s).repeat(intArg(c));
      })
    ],
    ["trimall", s2((a, b) => trimCutset(b, a))],
    ["trimAll", s2((a, b) => trimCutset(b, a))],
    ["trimSuffix", s2((a, b) => a !== "" && b.endsWith(a) ? b.slice(0, b.length - a.length) : b)],
    ["trimPrefix", s2((a, b) => a !== "" && b.startsWith(a) ? b.slice(a.length) : b)],
    ["nospace", s1(nospace)],
    ["initials", s1((s) => s === "" ? "" : byteWise(s, () => true, true))],
    ["swapcase", s1(swapCase)],
    ["snakecase", s1((s) => toDelimitedLower(s, "_"))],
    ["kebabcase", s1((s) => toDelimitedLower(s, "-"))],
    ["camelcase", s1(toPascalCase)],
    ["shuffle", s1(shuffle)],
    ["wrap", fn(["int", "string"], ([l, s]) => wrapCustom(strArg(s), intArg(l), "", false))],
    [
      "wrapWith",
      fn(["int", "string", "string"], ([l, sep2, s]) => wrapCustom(strArg(s), intArg(l), strArg(sep2), true))
    ],
    ["contains", s2((sub2, s) => s.includes(sub2))],
    ["hasPrefix", s2((p, s) => s.startsWith(p))],
    ["hasSuffix", s2((p, s) => s.endsWith(p))],
    [
      "quote",
      fn(
        ["interface {}"],
        (args) => args.filter((a) => a !== null).map((a) => goQuote2(strval(a))).join(" "),
        true
      )
    ],
    [
      "squote",
      fn(
        ["interface {}"],
        (args) => args.filter((a) => a !== null).map((a) => `'${formatV(a)}'`).join(" "),
        true
      )
    ],
    [
      "cat",
      fn(
        ["interface {}"],
        (args) => args.filter((a) => a !== null).map((a) => formatV(a)).join(" "),
        true
      )
    ],
    ["indent", fn(["int", "string"], ([n, s]) => indent(intArg(n), strArg(s)))],
    ["nindent", fn(["int", "string"], ([n, s]) => `
${indent(intArg(n), strArg(s))}`)],
    [
      "replace",
      fn(["string", "string", "string"], ([o, n, s]) => replaceAll(strArg(s), strArg(o), strArg(n)))
    ],
    [
      "plural",
      fn(["string", "string", "int"], ([one, many, c]) => intArg(c) === 1 ? strArg(one) : strArg(many))
    ],
    ["split", s2((sep2, s) => indexMap(goSplit(s, sep2)))],
    [
      "splitn",
      fn(["string", "int", "string"], ([sep2, n, s]) => indexMap(goSplit(strArg(s), strArg(sep2), intArg(n))))
    ],
    ["splitList", s2((sep2, s) => typedSlice(goSplit(s, sep2), "string"))],
    ["join", fn(["string", "interface {}"], ([sep2, v]) => strslice(v ?? null).join(strArg(sep2)))]
  ]);
}
function shuffle(s) {
  const r = [...s];
  for (let i = r.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [r[i], r[j]] = [r[j], r[i]];
  }
  return r.join("");
}

// src/template/funcs/sprig/url.ts
function unescape(s) {
  if (!/%/.test(s)) return s;
  if (/%(?![0-9a-fA-F]{2})/.test(s))
    throw new FuncError(
      `unable to parse url: parse ${JSON.stringify(s)}: invalid URL escape ${JSON.stringify(/%.{0,2}/.exec(s.slice(s.search(/%(?![0-9a-fA-F]{2})/)))?.[0] ?? "%")}`
    );
  return Buffer.from(
    s.replace(
      /%([0-9a-fA-F]{2})|[^%]+/g,
      (m, h) => h !== void 0 ? String.fromCharCode(parseInt(h, 16)) : Buffer.from(m).toString("latin1")
    ),
    "latin1"
  ).toString("utf8");
}
function escape(s, allowed) {
  let out = "";
  for (const b of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(b);
    out += b < 128 && allowed.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
var PATH_OK = /[A-Za-z0-9\-_.~$&+,/:;=@]/;
var FRAGMENT_OK = /[A-Za-z0-9\-_.~$&+,/:;=@?!()*]/;
var HOST_OK = /[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"]/;
var USER_OK = /[A-Za-z0-9\-_.~$&+,;=]/;
var PASS_OK = /[A-Za-z0-9\-_.~$&+,;=:]/;
function parseUrl(raw) {
  const m = newGoMap();
  let rest = raw;
  let fragment = "";
  const hash2 = rest.indexOf("#");
  if (hash2 >= 0) {
    fragment = unescape(rest.slice(hash2 + 1));
    rest = rest.slice(0, hash2);
  }
  let scheme = "";
  const sm = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (sm !== null) {
    scheme = sm[1].toLowerCase();
    rest = rest.slice(sm[0].length);
  } else if (/^[^/?]*:/.test(rest) && rest.indexOf(":") === 0)
    throw new FuncError(`unable to parse url: parse ${JSON.stringify(raw)}: missing protocol scheme`);
  let query = "";
  const q = rest.indexOf("?");
  if (q >= 0) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  let opaque = "";
  let host = "";
  let userinfo = "";
  let path = "";
  if (scheme !== "" && !rest.startsWith("/")) opaque = rest;
  else {
    if (rest.startsWith("//")) {
      const end = rest.indexOf("/", 2);
      const authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
      rest = end < 0 ? "" : rest.slice(end);
      const at = authority.lastIndexOf("@");
      if (at >= 0 && !/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(authority.slice(0, at))) {
        throw new FuncError(
          `unable to parse url: parse ${JSON.stringify(hash2 >= 0 ? raw.slice(0, hash2) : raw)}: net/url: invalid userinfo`
        );
      }
      if (at >= 0) userinfo = userString(authority.slice(0, at));
      host = unescape(authority.slice(at + 1));
    }
    path = unescape(rest);
  }
  const hostname = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : host.replace(/:[0-9]*$/, "");
  Object.assign(m, { scheme, host, hostname, path, query, opaque, fragment, userinfo });
  return m;
}
function userString(raw) {
  const colon = raw.indexOf(":");
  if (colon < 0) return escape(unescape(raw), USER_OK);
  return `${escape(unescape(raw.slice(0, colon)), USER_OK)}:${escape(unescape(raw.slice(colon + 1)), PASS_OK)}`;
}
function field(d, key) {
  if (!(key in d)) return "";
  const v = d[key] ?? null;
  if (typeof v !== "string") {
    const kind = v === null ? "invalid" : kindOf(v);
    throw new FuncError(`unable to parse ${key} key, must be of type string, but ${kind} found`);
  }
  return v;
}
function joinUrl(d) {
  const scheme = field(d, "scheme");
  const host = field(d, "host");
  const path = field(d, "path");
  const query = field(d, "query");
  const opaque = field(d, "opaque");
  const fragment = field(d, "fragment");
  const user = field(d, "userinfo");
  let out = scheme !== "" ? `${scheme}:` : "";
  if (opaque !== "") out += opaque;
  else {
    if (scheme !== "" || host !== "" || user !== "") {
      if (host !== "" || path !== "" || user !== "") out += "//";
      if (user !== "") out += `${userString(user)}@`;
      if (host !== "") out += escape(host, HOST_OK);
    }
    const p = escape(path, PATH_OK);
    if (p !== "" && !p.startsWith("/") && host !== "") out += "/";
    if (out === "" && (p.split("/")[0] ?? "").includes(":")) out += "./";
    out += p;
  }
  if (query !== "") out += `?${query}`;
  if (fragment !== "") out += `#${escape(fragment, FRAGMENT_OK)}`;
  return out;
}
function urlFuncs() {
  return /* @__PURE__ */ new Map([
    ["urlParse", fn(["string"], ([s]) => parseUrl(strArg(s)))],
    ["urlJoin", fn(["map[string]interface {}"], ([d]) => joinUrl(isGoMap(d) ? d : newGoMap()))]
  ]);
}

// src/template/funcs/sprig/index.ts
var cached;
function sprigFunctions() {
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
    jsonFuncs()
  );
  return cached;
}

// src/template/funcs/helmfile/exec.ts
function indent2(text, prefix) {
  const lines = text.split("\n");
  let out = "";
  lines.forEach((line, i) => {
    if (i > 0 && i < lines.length - 1 && line !== "") out += "\n";
    if (line !== "") out += prefix + line;
  });
  return out;
}
function exitMessage(command, args, status, stderr, combined) {
  let out = `PATH:
${indent2(command, "  ")}`;
  out += "\n\nARGS:";
  [command, ...args].forEach((a, i) => {
    out += `
${indent2(`${i}: ${a} (${Buffer.byteLength(a)} bytes)`, "  ")}`;
  });
  out += `

ERROR:
${indent2(`exit status ${status}`, "  ")}`;
  out += `

EXIT STATUS
${indent2(String(status), "  ")}`;
  if (stderr.length > 0) out += `

STDERR:
${indent2(stderr, "  ")}`;
  if (combined.length > 0) out += `

COMBINED OUTPUT:
${indent2(combined, "  ")}`;
  return `command ${JSON.stringify(command)} exited with non-zero status:

${out}`;
}
function stringArgs(args) {
  if (args === null) return [];
  if (!Array.isArray(args))
    throw new FuncError(`unexpected type of args "${typeName(args)}": expected a list`);
  return args.map((a, i) => {
    if (typeof a !== "string") {
      throw new FuncError(`unexpected type of arg "${typeName(a)}" in args ${formatV(args)} at index ${i}`);
    }
    return a;
  });
}
function stringEnvs(envs) {
  if (envs === null) return void 0;
  if (!isGoMap(envs)) throw new FuncError(`unexpected type of envs "${typeName(envs)}": expected a map`);
  const out = {};
  for (const k of Object.keys(envs).sort()) {
    const v = envs[k];
    if (typeof v !== "string") {
      throw new FuncError(`unexpected type of env "${typeName(v)}" in envs ${formatV(envs)} at index ${k}`);
    }
    out[k] = v;
  }
  return out;
}
function envExec(env, envs, command, args, inputs) {
  const input = typeof inputs[0] === "string" ? inputs[0] : "";
  const argv = stringArgs(args);
  const extra = stringEnvs(envs);
  if (env.process === void 0)
    throw new FuncError(
      `cannot run ${JSON.stringify(command)}: no process runner was given to the template engine`
    );
  const childEnv = {};
  for (const [k, v] of Object.entries(env.environ ?? {})) if (v !== void 0) childEnv[k] = v;
  if (extra !== void 0) Object.assign(childEnv, extra);
  const result = env.process.runSync(command, argv, {
    ...env.basePath !== void 0 && env.basePath !== "" ? { cwd: env.basePath } : {},
    env: childEnv,
    ...input !== "" ? { input } : {}
  });
  if (result.exitCode !== 0) {
    throw new FuncError(
      exitMessage(command, argv, result.exitCode, result.stderr, result.stdout + result.stderr)
    );
  }
  return result.stdout;
}

// src/template/funcs/helmfile/paths.ts
var import_node_path10 = require("node:path");
function goClean(p) {
  if (p === "") return ".";
  return import_node_path10.posix.normalize(p).replace(/(.)\/+$/, "$1");
}
function goJoin(...parts) {
  const kept = parts.filter((p) => p !== "");
  return kept.length === 0 ? "" : goClean(kept.join("/"));
}
function resolveAgainstBase(env, name) {
  return name.startsWith("/") ? name : goJoin(env.basePath ?? "", name);
}
function requireFs(env, funcName) {
  if (env.fs === void 0)
    throw new FuncError(`${funcName} is not implemented: no file system was given to the template engine`);
  return env.fs;
}

// src/template/funcs/helmfile/files.ts
function notFound(op, path) {
  return new FuncError(`${op} ${path}: no such file or directory`);
}
function readFile(env, name) {
  const fs = requireFs(env, "readFile");
  const path = resolveAgainstBase(env, name);
  if (fs.isDirectory(path)) throw new FuncError(`read ${path}: is a directory`);
  if (!fs.exists(path)) throw notFound("open", path);
  return goStringFromBytes(fs.readBytes(path));
}
function listDir(env, funcName, label, name) {
  const fs = requireFs(env, funcName);
  const dir = resolveAgainstBase(env, name);
  if (!fs.exists(dir))
    throw new FuncError(`${label} ${JSON.stringify(dir)}: open ${dir}: no such file or directory`);
  if (!fs.isDirectory(dir))
    throw new FuncError(`${label} ${JSON.stringify(dir)}: readdirent ${dir}: not a directory`);
  return { dir, names: fs.readDir(dir) };
}
function readDir(env, name) {
  const { dir, names } = listDir(env, "readDir", "ReadDir", name);
  const fs = requireFs(env, "readDir");
  return typedSlice(
    names.filter((n) => !fs.isDirectory(goJoin(dir, n))).map((n) => goJoin(name, n)),
    "string"
  );
}
function dirEntry(name, isDir) {
  const methods = /* @__PURE__ */ new Map([
    ["Name", fn([], () => name)],
    ["IsDir", fn([], () => isDir)],
    ["String", fn([], () => `${isDir ? "d" : "-"} ${name}${isDir ? "/" : ""}`)]
  ]);
  return new GoStruct("os.unixDirent", /* @__PURE__ */ new Map(), methods, true);
}
function readDirEntries(env, name) {
  const { dir, names } = listDir(env, "readDirEntries", "ReadDirEntries", name);
  const fs = requireFs(env, "readDirEntries");
  return typedSlice(
    names.map((n) => dirEntry(n, fs.isDirectory(goJoin(dir, n)))),
    "fs.DirEntry"
  );
}
function statKind(env, name, want) {
  const fs = requireFs(env, want === "file" ? "isFile" : "isDir");
  const path = resolveAgainstBase(env, name);
  if (!fs.exists(path)) return false;
  return want === "dir" ? fs.isDirectory(path) : !fs.isDirectory(path);
}

// src/template/funcs/helmfile/get.ts
var NoValueError = class extends FuncError {
};
function lookup2(path, hasDefault, def, obj) {
  if (path === "") return obj;
  const keys = path.split(".");
  const first = keys[0];
  const rest = keys.slice(1).join(".");
  let v;
  if (isGoMap(obj)) {
    if (!Object.prototype.hasOwnProperty.call(obj, first)) {
      if (hasDefault) return def;
      throw new NoValueError(`no value exist for key "${first}" in ${formatV(obj)}`);
    }
    v = obj[first];
    if (mapElemType(obj) === "string") return v;
  } else if (obj instanceof GoStruct && !obj.pointer) {
    if (obj.fields.size < 1) throw new NoValueError(`no accessible struct fields for key "${first}"`);
    if (!obj.fields.has(first)) {
      if (hasDefault) return def;
      throw new NoValueError(`no field named "${first}" exist in ${formatV(obj)}`);
    }
    v = obj.fields.get(first);
  } else {
    const t = obj === null ? "<nil>" : typeName(obj);
    throw new NoValueError(
      `unexpected type(${t}) of value for key "${first}": it must be either map[string]any or any struct`
    );
  }
  return lookup2(rest, hasDefault, def, v);
}
function helmfileGet(path, rest) {
  if (rest.length === 1) return lookup2(path, false, null, rest[0]);
  if (rest.length === 2) return lookup2(path, true, rest[0], rest[1]);
  throw new FuncError(
    `unexpected number of args passed to the template function get(path, [def, ]obj): expected 1 or 2, got ${rest.length}, args was ${formatV([...rest])}`
  );
}
function getFuncs() {
  return /* @__PURE__ */ new Map([
    ["get", fn(["string", "interface {}"], (args) => helmfileGet(args[0], args.slice(1)), true)],
    [
      "getOrNil",
      fn(["string", "interface {}"], (args) => {
        try {
          return helmfileGet(args[0], [args[1]]);
        } catch (e) {
          if (e instanceof NoValueError) return null;
          throw e;
        }
      })
    ]
  ]);
}

// src/template/funcs/helmfile/secrets.ts
var REF = /^(?:secret)?ref\+([A-Za-z0-9_-]+):\/\//;
function findRef(v) {
  if (typeof v === "string") return REF.test(v) ? v : void 0;
  if (Array.isArray(v)) {
    for (const x of v) {
      const r = findRef(x);
      if (r !== void 0) return r;
    }
  } else if (isGoMap(v)) {
    for (const k of Object.keys(v)) {
      const r = findRef(v[k]);
      if (r !== void 0) return r;
    }
  }
  return void 0;
}
function secretResolverOf(env, fromOptions) {
  if (fromOptions !== void 0) return fromOptions;
  const extra = env.extra?.["secretResolver"];
  return extra !== void 0 && typeof extra.evalMap === "function" ? extra : void 0;
}
function expandSecretRefs(resolver, values) {
  if (resolver === void 0) {
    const ref = findRef(values);
    if (ref === void 0) return values;
    const backend = REF.exec(ref)?.[1] ?? "unknown";
    throw new SecretError(
      "SECRET_NO_RESOLVER",
      `cannot resolve a secret reference for backend "${backend}": no secret resolver is configured`,
      {
        expected: "a secret resolver (vals) for ref+ values"
      }
    );
  }
  return resolver.evalMap(values);
}
function fetchSecretValue(resolver, ref) {
  const input = newGoMap();
  input["key"] = ref;
  const out = expandSecretRefs(resolver, input);
  if (!Object.prototype.hasOwnProperty.call(out, "key")) {
    throw new FuncError("unexpected error occurred, the resolved map doesn't have 'key' key");
  }
  const v = out["key"];
  if (typeof v !== "string") throw new FuncError("expected the resolved secret to be string");
  return v;
}

// src/template/funcs/helmfile/templates.ts
var RECURSION_MAX = 1e3;
function helperTemplates(fs, basePath2) {
  return fs.glob(goJoin(basePath2, "_*.tpl")).map((name) => ({ name, content: goStringFromBytes(fs.readBytes(name)) }));
}
function include(args, ctx) {
  const name = args[0];
  const data = args[1] ?? null;
  const key = `helmfile.include:${name}`;
  const depth = ctx.state.get(key) ?? 0;
  if (depth > RECURSION_MAX) throw nestedReference(name);
  ctx.state.set(key, depth + 1);
  try {
    return ctx.executeTemplate(name, data);
  } catch (e) {
    if (isStackExhausted(e)) throw nestedReference(name);
    throw e;
  } finally {
    ctx.state.set(key, depth);
  }
}
function nestedReference(name) {
  return new FuncError(`rendering template has a nested reference name: ${name}: unable to execute template`);
}
function tpl(ctx, text, data) {
  return ctx.renderString(text, data, { name: "stringTemplate" });
}

// src/shared/yaml/decode.ts
var import_yaml2 = require("yaml");

// src/shared/yaml/go-float.ts
function formatGoFloat2(f) {
  if (Number.isNaN(f)) return "NaN";
  if (f === Infinity) return "+Inf";
  if (f === -Infinity) return "-Inf";
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  const [mantissa = "", expText = "0"] = f.toExponential().split("e");
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const exp = Number(expText);
  const sign2 = negative ? "-" : "";
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const absExp = Math.abs(exp);
    return `${sign2}${frac}e${exp < 0 ? "-" : "+"}${absExp < 10 ? "0" : ""}${absExp}`;
  }
  if (exp < 0) return `${sign2}0.${"0".repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign2}${digits}${"0".repeat(exp + 1 - digits.length)}`;
  return `${sign2}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

// src/shared/yaml/depth-limit.ts
var GO_YAML_MAX_DEPTH = 1e4;
function exceeded(line) {
  const where = line > 1 ? `line ${line}: ` : "";
  return { line, message: `yaml: ${where}exceeded max depth of ${GO_YAML_MAX_DEPTH}` };
}
function isBlank(c) {
  return c === void 0 || c === " " || c === "	" || c === "\n" || c === "\r";
}
function rollIndent(st, column) {
  const top = st.indents[st.indents.length - 1] ?? -1;
  if (st.flow > 0 || column <= top) return false;
  st.indents.push(column);
  return st.indents.length > GO_YAML_MAX_DEPTH;
}
function newLine(st, text, i) {
  st.line++;
  st.col = 0;
  st.atTokenStart = true;
  if (st.flow > 0) return;
  let j = i + 1;
  while (text[j] === " ") j++;
  if (text[j] === "\n" || text[j] === "#" || j >= text.length) return;
  const col = j - i - 1;
  while (st.indents.length > 0 && st.indents[st.indents.length - 1] > col) st.indents.pop();
}
function findDepthExceeded(text) {
  if (text.length <= GO_YAML_MAX_DEPTH) return void 0;
  const st = { flow: 0, quote: "", indents: [], line: 1, col: 0, atTokenStart: true };
  for (let i = 0; i < text.length; i++, st.col++) {
    const c = text[i];
    if (c === "\n") {
      newLine(st, text, i);
      st.col = -1;
      continue;
    }
    if (st.quote !== "") {
      if (c === st.quote) {
        if (c === "'" && text[i + 1] === "'") i++;
        else st.quote = "";
      } else if (c === "\\" && st.quote === '"') i++;
      continue;
    }
    const prev = text[i - 1];
    if (c === "#" && isBlank(prev)) {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
      continue;
    }
    const tokenStart = st.flow > 0 || st.atTokenStart || isBlank(prev);
    if ((c === "[" || c === "{") && tokenStart) {
      st.flow++;
      st.atTokenStart = false;
      if (st.flow > GO_YAML_MAX_DEPTH) return exceeded(st.line);
    } else if ((c === "]" || c === "}") && st.flow > 0) st.flow--;
    else if ((c === '"' || c === "'") && tokenStart) st.quote = c;
    else if ((c === "-" || c === "?") && st.atTokenStart && isBlank(text[i + 1])) {
      if (rollIndent(st, st.col)) return exceeded(st.line);
    } else if (c === ":" && st.flow === 0 && isBlank(text[i + 1])) {
      st.atTokenStart = false;
    } else if (!isBlank(c) && st.atTokenStart) {
      if (st.flow === 0 && looksLikeKey(text, i) && rollIndent(st, st.col)) return exceeded(st.line);
      st.atTokenStart = false;
    }
  }
  return void 0;
}
function looksLikeKey(text, i) {
  for (let j = i; j < text.length && text[j] !== "\n"; j++) {
    if (text[j] === ":" && isBlank(text[j + 1])) return true;
    if (text[j] === "#" && isBlank(text[j - 1])) return false;
  }
  return false;
}

// src/shared/yaml/libyaml-messages.ts
var RULES = [
  [
    /^Flow (?:sequence|map) in block collection must be sufficiently indented and end with a ([\]}])/,
    (m, source, offset) => {
      const before = source.slice(0, offset).replace(/\s+$/, "");
      return /[[{,]$/.test(before) ? "did not find expected node content" : `did not find expected ',' or '${m[1] ?? "]"}'`;
    }
  ],
  [
    /^Nested mappings are not allowed in compact mappings/,
    () => "mapping values are not allowed in this context"
  ],
  [/^Tabs are not allowed as indentation/, () => "found character that cannot start any token"],
  [/^Plain value cannot start with reserved character/, () => "found character that cannot start any token"],
  [/^Missing closing ["']quote/, () => "found unexpected end of stream"],
  [/^All mapping items must start at the same column/, () => "did not find expected key"],
  [/^Implicit keys need to be on a single line/, () => "could not find expected ':'"],
  [
    /^Unexpected block-seq-ind on same line with key/,
    () => "block sequence entries are not allowed in this context"
  ],
  [/^Invalid escape sequence/, () => "found unknown escape character"],
  [/^Unexpected scalar at node end/, () => "did not find expected key"]
];
function libyamlMessage(message, source, offset) {
  for (const [pattern, render2] of RULES) {
    const m = pattern.exec(message);
    if (m !== null) return render2(m, source, offset);
  }
  return message;
}

// src/shared/yaml/binary.ts
function hasInvalidUtf8(s) {
  return /(?<![\ud800-\udbff])[\udc80-\udcff]/.test(s);
}
function goBytes(s) {
  const out = [];
  for (const ch2 of s) {
    const cp = ch2.codePointAt(0) ?? 0;
    if (cp >= 56448 && cp <= 56575) out.push(cp - 56320);
    else out.push(...Buffer.from(ch2, "utf8"));
  }
  return Buffer.from(out);
}
function goYamlBase64(s) {
  const enc = goBytes(s).toString("base64");
  const lineLen = 70;
  if (enc.length <= lineLen) return enc;
  let out = "";
  for (let i = 0; i < enc.length; i += lineLen) out += `${enc.slice(i, i + lineLen)}
`;
  return out;
}
function goStringOfBytes(bytes) {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const len = b < 128 ? 1 : b >= 194 && b <= 223 ? 2 : b >= 224 && b <= 239 ? 3 : b >= 240 && b <= 244 ? 4 : 0;
    if (len > 0) {
      const chunk2 = bytes.subarray(i, i + len);
      const text = chunk2.length === len ? new TextDecoder("utf-8", { fatal: false }).decode(chunk2) : "\uFFFD";
      if (!text.includes("\uFFFD") && Buffer.from(text, "utf8").equals(Buffer.from(chunk2))) {
        out += text;
        i += len;
        continue;
      }
    }
    out += String.fromCharCode(56320 + b);
    i += 1;
  }
  return out;
}

// src/shared/yaml/resolve.ts
var INT64_MIN3 = -(2n ** 63n);
var INT64_MAX4 = 2n ** 63n - 1n;
var UINT64_MAX2 = 2n ** 64n - 1n;
var COMMON_WORDS = new Map([
  ...["true", "True", "TRUE"].map((s) => [s, { tag: "!!bool", value: true }]),
  ...["false", "False", "FALSE"].map((s) => [s, { tag: "!!bool", value: false }]),
  ...["", "~", "null", "Null", "NULL"].map((s) => [
    s,
    { tag: "!!null", value: null }
  ]),
  ...[".nan", ".NaN", ".NAN"].map((s) => [s, { tag: "!!float", value: NaN }]),
  ...[".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"].map((s) => [
    s,
    { tag: "!!float", value: Infinity }
  ]),
  ...["-.inf", "-.Inf", "-.INF"].map((s) => [
    s,
    { tag: "!!float", value: -Infinity }
  ]),
  ["<<", { tag: "!!merge", value: "<<" }]
]);
var V2_BOOLS = new Map([
  ...["y", "Y", "yes", "Yes", "YES", "on", "On", "ON"].map((s) => [s, true]),
  ...["n", "N", "no", "No", "NO", "off", "Off", "OFF"].map((s) => [s, false])
]);
var YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
var DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;
function hintOf(text) {
  if (text === "") return "N";
  const c = text[0];
  if (c === "+" || c === "-") return "S";
  if (c >= "0" && c <= "9") return "D";
  if ("yYnNtTfFoO~".includes(c)) return "M";
  if (c === ".") return ".";
  return void 0;
}
function resolvePlainScalar(text, version) {
  const hint = hintOf(text);
  if (hint === void 0) return { tag: "!!str", value: text };
  const word = COMMON_WORDS.get(text);
  if (word !== void 0) return word;
  if (version === "v2") {
    const b = V2_BOOLS.get(text);
    if (b !== void 0) return { tag: "!!bool", value: b };
  }
  if (hint === ".") {
    const f = DOT_FLOAT.test(text) ? goParseFloat(text) : void 0;
    if (f !== void 0) return { tag: "!!float", value: f };
  } else if (hint === "D" || hint === "S") {
    if (isGoYamlTimestamp(text)) return { tag: "!!timestamp", value: text };
    const numeric = resolveNumber(text.replace(/_/g, ""), version);
    if (numeric !== void 0) return numeric;
  }
  return { tag: "!!str", value: text };
}
function resolveNumber(plain, version) {
  const asInt = goParseIntBase0(plain);
  if (asInt !== void 0 && asInt >= INT64_MIN3 && asInt <= INT64_MAX4) return { tag: "!!int", value: asInt };
  if (asInt !== void 0 && asInt >= 0n && asInt <= UINT64_MAX2 && !/^[+-]/.test(plain)) {
    return { tag: "!!int", value: asInt };
  }
  if (YAML_STYLE_FLOAT.test(plain)) {
    const f = goParseFloat(plain);
    if (f !== void 0) return { tag: "!!float", value: f };
  }
  const prefixes = version === "v3" ? [
    ["0b", 2],
    ["0o", 8]
  ] : [["0b", 2]];
  for (const [prefix, radix] of prefixes) {
    let digits;
    if (plain.startsWith(prefix)) digits = plain.slice(2);
    else if (plain.startsWith(`-${prefix}`)) digits = `-${plain.slice(3)}`;
    if (digits === void 0) continue;
    const v = parseRadix(digits, radix);
    if (v !== void 0 && v >= INT64_MIN3 && v <= UINT64_MAX2) return { tag: "!!int", value: v };
  }
  return void 0;
}
function goParseIntBase0(s) {
  let rest = s;
  let negative = false;
  if (rest.startsWith("+") || rest.startsWith("-")) {
    negative = rest.startsWith("-");
    rest = rest.slice(1);
  }
  let radix = 10;
  const lower = rest.slice(0, 2).toLowerCase();
  if (lower === "0x") radix = 16;
  else if (lower === "0o") radix = 8;
  else if (lower === "0b") radix = 2;
  if (radix !== 10) rest = rest.slice(2);
  else if (rest.length > 1 && rest.startsWith("0")) {
    radix = 8;
    rest = rest.slice(1);
  }
  const v = parseRadix(rest, radix, false);
  if (v === void 0) return void 0;
  return negative ? -v : v;
}
function parseRadix(text, radix, allowSign = true) {
  let rest = text;
  let negative = false;
  if (allowSign && (rest.startsWith("+") || rest.startsWith("-"))) {
    negative = rest.startsWith("-");
    rest = rest.slice(1);
  }
  const pattern = radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : radix === 2 ? /^[01]+$/ : /^[0-9]+$/;
  if (!pattern.test(rest)) return void 0;
  let v = 0n;
  const r = BigInt(radix);
  for (const ch2 of rest) v = v * r + BigInt(parseInt(ch2, 16));
  return negative ? -v : v;
}
function goParseFloat(text) {
  const f = Number(text);
  if (Number.isNaN(f) || !Number.isFinite(f)) return void 0;
  return f;
}
var DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function isGoYamlTimestamp(text) {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))|(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?))?$/.exec(
    text
  );
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && year % 100 !== 0 || year % 400 === 0;
  const maxDay = month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1] ?? 31;
  if (day > maxDay) return false;
  const hour = m[4] ?? m[7];
  const minute = m[5] ?? m[8];
  const second = m[6] ?? m[9];
  if (hour !== void 0 && (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59)) return false;
  return true;
}
function resolveTaggedScalar(text, tag, version) {
  if (tag === "!!str") return { tag: "!!str", value: text };
  if (tag === "!!binary") {
    if (!/^[A-Za-z0-9+/=\s]*$/.test(text)) return "!!binary value contains invalid base64 data";
    return { tag: "!!str", value: goStringOfBytes(Buffer.from(text.replace(/\s/g, ""), "base64")) };
  }
  if (!["!!bool", "!!int", "!!float", "!!null", "!!timestamp"].includes(tag))
    return { tag: "!!str", value: text };
  const plain = resolvePlainScalar(text, version);
  if (tag === "!!timestamp" && plain.tag === "!!str" && isGoYamlTimestamp(text)) return plain;
  if (plain.tag === tag) return plain;
  if (tag === "!!float" && plain.tag === "!!int" && typeof plain.value === "bigint") {
    return { tag: "!!float", value: Number(plain.value) };
  }
  return `cannot decode ${plain.tag} \`${text}\` as a ${tag}`;
}

// src/shared/yaml/decode.ts
var ALIAS_RATIO_LOW = 4e5;
var ALIAS_RATIO_HIGH = 4e6;
function allowedAliasRatio(decodeCount) {
  if (decodeCount <= ALIAS_RATIO_LOW) return 0.99;
  if (decodeCount >= ALIAS_RATIO_HIGH) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - ALIAS_RATIO_LOW) / (ALIAS_RATIO_HIGH - ALIAS_RATIO_LOW));
}
var Decoder = class {
  constructor(doc, lines, options, recordPositions) {
    this.doc = doc;
    this.lines = lines;
    this.options = options;
    this.recordPositions = recordPositions;
  }
  doc;
  lines;
  options;
  recordPositions;
  /** Nodes decoded so far; the document node counts as the first, as in go-yaml. */
  decodeCount = 1;
  /** Nodes decoded while expanding an alias. */
  aliasCount = 0;
  aliasDepth = 0;
  /** Alias nodes being expanded (go-yaml refuses an anchor that contains itself). */
  activeAliases = /* @__PURE__ */ new Set();
  positions = /* @__PURE__ */ new Map();
  get version() {
    return this.options.version ?? "v3";
  }
  fail(code, message, node, keyPath) {
    const pos = this.positionOf(node);
    throw new LoadError(code, message, {
      ...this.options.file !== void 0 ? { file: this.options.file } : {},
      ...pos !== void 0 ? { line: pos.line, column: pos.column } : {},
      ...keyPath !== void 0 ? { keyPath } : {}
    });
  }
  positionOf(node) {
    const offset = node?.range?.[0];
    if (offset === void 0) return void 0;
    const { line, col } = this.lines.linePos(offset);
    return { line, column: col };
  }
  record(path, node) {
    if (!this.recordPositions) return;
    const pos = this.positionOf(node);
    if (pos !== void 0) this.positions.set(JSON.stringify(path), pos);
  }
  convert(node, path) {
    this.countDecode(node, path);
    if (node === null || node === void 0) return null;
    if ((0, import_yaml2.isAlias)(node)) {
      const target = node.resolve(this.doc);
      if (target === void 0)
        this.fail("YAML_SYNTAX", `unknown anchor '${node.source}' referenced`, node, path);
      if (this.activeAliases.has(node))
        this.fail("YAML_ALIAS_CYCLE", `yaml: anchor '${node.source}' value contains itself`, node, path);
      this.activeAliases.add(node);
      this.aliasDepth++;
      try {
        return this.convert(target, path);
      } finally {
        this.aliasDepth--;
        this.activeAliases.delete(node);
      }
    }
    if ((0, import_yaml2.isScalar)(node)) return this.scalar(node, path);
    if ((0, import_yaml2.isSeq)(node)) {
      return node.items.map((item, i) => {
        this.record([...path, i], item);
        return this.convert(item, [...path, i]);
      });
    }
    if ((0, import_yaml2.isMap)(node)) return this.mapping(node, path);
    return this.fail("YAML_SYNTAX", "unsupported YAML node", node, path);
  }
  /** go-yaml's per-node accounting that stops alias bombs (billion laughs) early. */
  countDecode(node, path) {
    this.decodeCount++;
    if (this.aliasDepth > 0) this.aliasCount++;
    if (this.aliasCount > 100 && this.decodeCount > 1e3 && this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)) {
      this.fail("YAML_ALIAS_LIMIT", "yaml: document contains excessive aliasing", node, path);
    }
  }
  scalar(node, path) {
    const source = node.source;
    const text = typeof node.value === "string" ? node.value : typeof source === "string" ? source : node.value === null ? "" : String(node.value);
    const tag = shortTag(node.tag);
    const quoted = node.type !== void 0 && node.type !== "PLAIN";
    const nonSpecific = tag === "!";
    if (tag === void 0 || nonSpecific) {
      if (quoted || nonSpecific && this.version === "v2") return text;
      return resolvePlainScalar(text, this.version).value;
    }
    if (!tag.startsWith("!!") || tag === "!!map" || tag === "!!seq") return text;
    const resolved = resolveTaggedScalar(text, tag, this.version);
    if (typeof resolved === "string") return this.fail("YAML_TYPE", resolved, node, path);
    return resolved.value;
  }
  mapping(node, path) {
    this.checkDuplicates(node, path);
    const out = newMap();
    const merges = [];
    for (const pair2 of node.items) {
      const keyNode = pair2.key;
      if (isMergeKey(keyNode)) {
        if (this.version === "v2") this.applyMerge(out, pair2.value, path, true);
        else merges.push(pair2.value);
        continue;
      }
      const key = this.key(keyNode, path);
      if (this.version === "v2" && this.options.strict === true && key in out) {
        this.fail("YAML_DUPLICATE_KEY", `key ${JSON.stringify(key)} already set in map`, keyNode, [
          ...path,
          key
        ]);
      }
      this.record([...path, key], keyNode);
      out[key] = this.convert(pair2.value, [...path, key]);
    }
    for (const m of merges) this.applyMerge(out, m, path, false);
    return out;
  }
  /** v3: the map's own keys and earlier merge sources win. v2: merged keys overwrite what came before. */
  applyMerge(out, source, path, overwrite) {
    const target = source !== null && (0, import_yaml2.isAlias)(source) ? source.resolve(this.doc) : source;
    const sources = [];
    if (target !== null && target !== void 0 && (0, import_yaml2.isMap)(target)) sources.push(source);
    else if (target !== null && target !== void 0 && (0, import_yaml2.isSeq)(target)) {
      for (const item of target.items) {
        const resolved = item !== null && (0, import_yaml2.isAlias)(item) ? item.resolve(this.doc) : item;
        if (resolved === null || resolved === void 0 || !(0, import_yaml2.isMap)(resolved)) {
          this.fail(
            "YAML_MERGE",
            "map merge requires map or sequence of maps as the value",
            item,
            path
          );
        }
        sources.push(item);
      }
      if (overwrite) sources.reverse();
    } else {
      this.fail("YAML_MERGE", "map merge requires map or sequence of maps as the value", source, path);
    }
    for (const s of sources) {
      const merged = this.convert(s, path);
      if (merged === null || typeof merged !== "object" || Array.isArray(merged)) continue;
      for (const k of Object.keys(merged)) {
        if (overwrite || !(k in out)) out[k] = merged[k];
      }
    }
  }
  checkDuplicates(node, path) {
    if (this.version !== "v3") return;
    const seen = /* @__PURE__ */ new Map();
    for (const pair2 of node.items) {
      const k = pair2.key;
      const id = k === null ? "scalar:" : (0, import_yaml2.isScalar)(k) ? `scalar:${scalarText(k)}` : (0, import_yaml2.isAlias)(k) ? `alias:${k.source}` : void 0;
      if (id === void 0) continue;
      const first = seen.get(id);
      if (first !== void 0) {
        const text = k !== null && (0, import_yaml2.isScalar)(k) ? scalarText(k) : id.slice(6);
        const firstLine = this.positionOf(first)?.line ?? 0;
        this.fail(
          "YAML_DUPLICATE_KEY",
          `mapping key ${JSON.stringify(text)} already defined at line ${firstLine}`,
          k,
          [...path, text]
        );
      }
      if (k !== null) seen.set(id, k);
    }
  }
  key(keyNode, path) {
    const key = this.convert(keyNode, path);
    let text;
    if (typeof key === "string") text = key;
    else if (key !== null && typeof key === "object") {
      return this.fail("YAML_INVALID_KEY", "invalid map key: a map or list cannot be a key", keyNode, path);
    } else {
      const mode = this.options.nonStringKeys ?? "stringify";
      if (mode === "error" || mode === "json" && key === null) {
        this.fail(
          "YAML_NON_STRING_KEY",
          `unexpected type of key in map: expected string, got ${goTypeName(key)}`,
          keyNode,
          path
        );
      }
      text = mode === "json" && typeof key === "number" ? formatGoFloat32(key) : goFormatScalar(key);
    }
    if (FORBIDDEN_KEYS.has(text)) {
      this.fail("YAML_FORBIDDEN_KEY", `key ${JSON.stringify(text)} is not allowed`, keyNode, [...path, text]);
    }
    return text;
  }
};
function scalarText(s) {
  return typeof s.value === "string" ? s.value : s.value === null ? "" : String(s.value);
}
function shortTag(tag) {
  if (tag === void 0) return void 0;
  const prefix = "tag:yaml.org,2002:";
  return tag.startsWith(prefix) ? `!!${tag.slice(prefix.length)}` : tag;
}
function isMergeKey(node) {
  if (node === null || !(0, import_yaml2.isScalar)(node) || node.value !== "<<") return false;
  if (node.type !== void 0 && node.type !== "PLAIN") return false;
  const tag = shortTag(node.tag);
  return tag === void 0 || tag === "!" || tag === "!!merge";
}
function goTypeName(v) {
  if (v === null) return "<nil>";
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return "float64";
  if (typeof v === "boolean") return "bool";
  return "string";
}
function formatGoFloat32(f) {
  if (Number.isNaN(f)) return ".nan";
  if (!Number.isFinite(f)) return f > 0 ? ".inf" : "-.inf";
  const single = Math.fround(f);
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(single.toPrecision(p));
    if (Math.fround(candidate) === single) return formatGoFloat2(candidate);
  }
  return formatGoFloat2(single);
}
function goFormatScalar(v) {
  if (v === null) return "<nil>";
  if (typeof v === "number") return formatGoFloat2(v);
  return String(v);
}
function parseDocuments(text, options, firstOnly) {
  const deep = findDepthExceeded(text);
  if (deep !== void 0) {
    throw new LoadError("YAML_DEPTH", deep.message, {
      ...options.file !== void 0 ? { file: options.file } : {},
      line: deep.line
    });
  }
  const lines = new import_yaml2.LineCounter();
  const docs = (0, import_yaml2.parseAllDocuments)(text, {
    schema: "failsafe",
    uniqueKeys: false,
    merge: false,
    lineCounter: lines,
    prettyErrors: true,
    strict: false
  });
  const list2 = Array.isArray(docs) ? docs : [];
  if (!Array.isArray(docs)) {
    const errors = docs.errors ?? [];
    if (errors.length > 0) throw syntaxError(errors[0], text, options);
  }
  const used = firstOnly ? list2.slice(0, 1) : list2;
  for (const doc of used) {
    const err = doc.errors[0];
    if (err !== void 0) throw syntaxError(err, text, options);
  }
  return { docs: used, lines };
}
function syntaxError(err, text, options) {
  const e = err;
  const pos = e.linePos?.[0];
  if (e.message?.startsWith("Maximum call stack") === true) return tooDeep(options, err);
  const raw = (e.message ?? "invalid YAML").split(" at line ")[0]?.split("\n")[0] ?? "invalid YAML";
  const message = libyamlMessage(raw, text, e.pos?.[0] ?? text.length);
  return new LoadError("YAML_SYNTAX", `yaml: ${message}`, {
    ...options.file !== void 0 ? { file: options.file } : {},
    ...pos !== void 0 ? { line: pos.line, column: pos.col } : {},
    cause: err
  });
}
function tooDeep(options, cause) {
  return new LoadError(
    "YAML_DEPTH",
    "yaml: document nests too deeply to decode here (go-yaml allows 10000 levels)",
    {
      ...options.file !== void 0 ? { file: options.file } : {},
      cause
    }
  );
}
function decodeAll(text, options, recordPositions, firstOnly = false) {
  const { docs, lines } = parseDocuments(text, options, firstOnly);
  return docs.map((doc) => {
    const decoder = new Decoder(doc, lines, options, recordPositions);
    let value;
    try {
      value = decoder.convert(doc.contents, []);
    } catch (e) {
      if (e instanceof RangeError && e.message.startsWith("Maximum call stack")) throw tooDeep(options, e);
      throw e;
    }
    const rootPos = decoder.positionOf(doc.contents);
    const positions = decoder.positions;
    return {
      value,
      locate(path) {
        if (path.length === 0) return rootPos;
        return positions.get(JSON.stringify(path));
      }
    };
  });
}
function decodeYaml(text, options = {}) {
  return decodeAll(text, options, false, true)[0]?.value ?? null;
}
function decodeYamlDocumentsWithPositions(text, options = {}) {
  return decodeAll(text, options, true);
}

// src/shared/yaml/scalar-analysis.ts
function isBreakChar(c) {
  return c === "\r" || c === "\n" || c === "\x85" || c === "\u2028" || c === "\u2029";
}
function isPrintableChar(c) {
  const cp = c.codePointAt(0) ?? 0;
  if (cp === 10) return true;
  if (cp >= 32 && cp <= 126) return true;
  if (cp >= 160 && cp <= 55295) return true;
  if (cp >= 57344 && cp <= 65533) return cp !== 65279;
  return false;
}
function isBlank2(c) {
  return c === " " || c === "	";
}
function indicators(chars) {
  const head = chars.slice(0, 3).join("");
  let flow = head === "---" || head === "...";
  let block = flow;
  let precededByWhitespace = true;
  chars.forEach((c, i) => {
    const followedByWhitespace = i + 1 >= chars.length || isBlank2(chars[i + 1]);
    if (i === 0) {
      if ("#,[]{}&*!|>'\"%@`".includes(c) || c === "-" && followedByWhitespace) {
        flow = true;
        block = true;
      } else if (c === "?" || c === ":") {
        flow = true;
        if (followedByWhitespace) block = true;
      }
    } else if (",?[]{}".includes(c)) {
      flow = true;
    } else if (c === ":") {
      flow = true;
      if (followedByWhitespace) block = true;
    } else if (c === "#" && precededByWhitespace) {
      flow = true;
      block = true;
    }
    precededByWhitespace = isBlank2(c) || isBreakChar(c) || c === "\0";
  });
  return { flow, block };
}
function spacing(chars, version) {
  const f = {
    lineBreaks: false,
    special: false,
    tabs: false,
    leadingOrTrailing: false,
    trailingSpace: false,
    breakSpace: false,
    spaceBreak: false
  };
  let previousSpace = false;
  let previousBreak = false;
  const last = chars.length - 1;
  chars.forEach((c, i) => {
    if (c === "	" && version === "v3") f.tabs = true;
    else if (!isPrintableChar(c)) f.special = true;
    if (c === " ") {
      if (i === 0 || i === last) f.leadingOrTrailing = true;
      if (i === last) f.trailingSpace = true;
      if (previousBreak) f.breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreakChar(c)) {
      f.lineBreaks = true;
      if (i === 0 || i === last) f.leadingOrTrailing = true;
      if (previousSpace) f.spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
  });
  return f;
}
function analyzeScalar(chars, version) {
  if (chars.length === 0) {
    return {
      multiline: false,
      flowPlainAllowed: false,
      blockPlainAllowed: true,
      singleQuotedAllowed: true,
      blockAllowed: false
    };
  }
  const ind = indicators(chars);
  const f = spacing(chars, version);
  const noPlain = f.leadingOrTrailing || f.breakSpace || f.spaceBreak || f.tabs || f.special || f.lineBreaks;
  return {
    multiline: f.lineBreaks,
    flowPlainAllowed: !noPlain && !ind.flow,
    blockPlainAllowed: !noPlain && !ind.block,
    singleQuotedAllowed: !(f.breakSpace || f.spaceBreak || f.tabs || f.special),
    blockAllowed: !(f.trailingSpace || f.spaceBreak || f.special)
  };
}

// src/shared/yaml/emitter.ts
var YamlEmitter = class {
  out = [];
  column = 0;
  whitespace = true;
  indention = true;
  indent = -1;
  indents = [];
  bestIndent;
  bestWidth;
  version;
  constructor(settings) {
    this.version = settings.version;
    this.bestIndent = settings.indent < 2 || settings.indent > 9 ? 2 : settings.indent;
    const width2 = settings.width;
    this.bestWidth = width2 < 0 ? Number.MAX_SAFE_INTEGER : width2 <= this.bestIndent * 2 ? 80 : width2;
  }
  text() {
    return this.out.join("");
  }
  put(c) {
    this.out.push(c);
    this.column++;
  }
  putBreak() {
    this.out.push("\n");
    this.column = 0;
    this.indention = true;
  }
  writeBreak(c) {
    if (c === "\n") {
      this.putBreak();
      return;
    }
    this.out.push(c);
    this.column = 0;
    this.indention = true;
  }
  writeIndent() {
    const indent3 = this.indent < 0 ? 0 : this.indent;
    if (!this.indention || this.column > indent3 || this.column === indent3 && !this.whitespace)
      this.putBreak();
    while (this.column < indent3) this.put(" ");
    this.whitespace = true;
  }
  writeIndicator(indicator, needWhitespace, isWhitespace, isIndention) {
    if (needWhitespace && !this.whitespace) this.put(" ");
    for (const c of indicator) this.put(c);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }
  increaseIndent(flow, indentless, parent) {
    this.indents.push(this.indent);
    if (this.indent < 0) {
      this.indent = flow ? this.bestIndent : 0;
    } else if (!indentless) {
      if (this.version === "v2") this.indent += this.bestIndent;
      else if (parent === "sequence-item") this.indent += 2;
      else this.indent = this.bestIndent * Math.floor((this.indent + this.bestIndent) / this.bestIndent);
    }
  }
  popIndent() {
    this.indent = this.indents.pop() ?? -1;
  }
  /** Chooses the final style for `value` given the style the encoder asked for. */
  selectStyle(chars, requested, ctx) {
    const a = analyzeScalar(chars, this.version);
    let style = requested;
    if (ctx.simpleKey && a.multiline) style = "double";
    if (style === "plain") {
      if (!a.blockPlainAllowed) style = "single";
      if (chars.length === 0 && ctx.simpleKey) style = "single";
    }
    if (style === "single" && !a.singleQuotedAllowed) style = "double";
    if (style === "literal" && (!a.blockAllowed || ctx.simpleKey)) style = "double";
    return style;
  }
  /** Whether a scalar can be written as a simple (`key: value`) key. */
  static canBeSimpleKey(chars, version) {
    if (analyzeScalar(chars, version).multiline) return false;
    return Buffer.byteLength(chars.join(""), "utf8") <= 128;
  }
  writeScalar(chars, style, ctx, parent, tag) {
    if (tag !== void 0) this.writeIndicator(tag, true, false, false);
    this.increaseIndent(true, false, parent);
    const allowBreaks = !ctx.simpleKey;
    if (style === "plain") this.writePlain(chars, allowBreaks);
    else if (style === "single") this.writeSingle(chars, allowBreaks);
    else if (style === "double") this.writeDouble(chars, allowBreaks);
    else this.writeLiteral(chars);
    this.popIndent();
  }
  writePlain(chars, allowBreaks) {
    if (chars.length > 0 && !this.whitespace) this.put(" ");
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      if (c === " ") {
        if (allowBreaks && !spaces && this.column > this.bestWidth && chars[i + 1] !== " ")
          this.writeIndent();
        else this.put(c);
        spaces = true;
      } else if (isBreakChar(c)) {
        if (!breaks && c === "\n") this.putBreak();
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    if (chars.length > 0) this.whitespace = false;
    this.indention = false;
  }
  writeSingle(chars, allowBreaks) {
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    const n = chars.length;
    for (let i = 0; i < n; i++) {
      const c = chars[i];
      if (c === " ") {
        if (allowBreaks && !spaces && this.column > this.bestWidth && i > 0 && i < n - 1 && chars[i + 1] !== " ") {
          this.writeIndent();
        } else this.put(c);
        spaces = true;
      } else if (isBreakChar(c)) {
        if (!breaks && c === "\n") this.putBreak();
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === "'") this.put("'");
        this.put(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }
  writeDouble(chars, allowBreaks) {
    this.writeIndicator('"', true, false, false);
    const startsWithBom = chars[0] === "\uFEFF";
    let spaces = false;
    const n = chars.length;
    for (let i = 0; i < n; i++) {
      const c = chars[i];
      if (!isPrintableChar(c) || startsWithBom || isBreakChar(c) || c === '"' || c === "\\") {
        this.put("\\");
        for (const e of escapeChar(c)) this.put(e);
        spaces = false;
      } else if (c === " ") {
        if (allowBreaks && !spaces && this.column > this.bestWidth && i > 0 && i < n - 1) {
          this.writeIndent();
          if (chars[i + 1] === " ") this.put("\\");
        } else this.put(c);
        spaces = true;
      } else {
        this.put(c);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }
  writeLiteral(chars) {
    this.writeIndicator("|", true, false, false);
    const first = chars[0];
    if (first === " " || isBreakChar(first))
      this.writeIndicator(String(this.bestIndent), false, false, false);
    const n = chars.length;
    let chomp = "";
    if (n === 0 || !isBreakChar(chars[n - 1])) chomp = "-";
    else if (n === 1 || isBreakChar(chars[n - 2])) chomp = "+";
    if (chomp !== "") this.writeIndicator(chomp, false, false, false);
    this.putBreak();
    this.whitespace = true;
    let breaks = true;
    for (const c of chars) {
      if (isBreakChar(c)) {
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(c);
        this.indention = false;
        breaks = false;
      }
    }
  }
};
var NAMED_ESCAPES = /* @__PURE__ */ new Map([
  [0, "0"],
  [7, "a"],
  [8, "b"],
  [9, "t"],
  [10, "n"],
  [11, "v"],
  [12, "f"],
  [13, "r"],
  [27, "e"],
  [34, '"'],
  [92, "\\"],
  [133, "N"],
  [160, "_"],
  [8232, "L"],
  [8233, "P"]
]);
function escapeChar(c) {
  const cp = c.codePointAt(0) ?? 0;
  const named = NAMED_ESCAPES.get(cp);
  if (named !== void 0) return named;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 255) return `x${hex.padStart(2, "0")}`;
  if (cp <= 65535) return `u${hex.padStart(4, "0")}`;
  return `U${hex.padStart(8, "0")}`;
}

// src/shared/yaml/key-order.ts
var DIGIT = new RegExp("^\\p{Nd}$", "u");
var LETTER = new RegExp("^\\p{L}$", "u");
function isDigit(c) {
  return DIGIT.test(c);
}
function isLetter(c) {
  return LETTER.test(c);
}
function digitValue(c) {
  return BigInt((c.codePointAt(0) ?? 48) - 48);
}
function goYamlKeyLess(a, b, version) {
  const ar = Array.from(a);
  const br = Array.from(b);
  let digits = false;
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ca = ar[i];
    const cb = br[i];
    if (ca === cb) {
      if (version === "v3") digits = isDigit(ca);
      continue;
    }
    const al = isLetter(ca);
    const bl = isLetter(cb);
    if (al && bl) return (ca.codePointAt(0) ?? 0) < (cb.codePointAt(0) ?? 0);
    if (al || bl) return version === "v3" && digits ? al : bl;
    let an = 0n;
    let bn = 0n;
    if (ca === "0" || cb === "0") {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== "0") {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++)
      an = BigInt.asIntN(64, an * 10n + digitValue(ar[ai]));
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++)
      bn = BigInt.asIntN(64, bn * 10n + digitValue(br[bi]));
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return (ca.codePointAt(0) ?? 0) < (cb.codePointAt(0) ?? 0);
  }
  return ar.length < br.length;
}
function sortGoYamlKeys(keys, version) {
  return [...keys].sort((x, y) => goYamlKeyLess(x, y, version) ? -1 : goYamlKeyLess(y, x, version) ? 1 : 0);
}

// src/shared/yaml/encode.ts
var YamlRawScalar = class {
  constructor(text, style = "plain") {
    this.text = text;
    this.style = style;
  }
  text;
  style;
};
var YamlOrderedMap = class {
  constructor(entries) {
    this.entries = entries;
  }
  entries;
};
var ROOT = { root: true, sequence: false, mapping: false, simpleKey: false };
var SEQ_ITEM = { root: false, sequence: true, mapping: false, simpleKey: false };
var MAP_VALUE = { root: false, sequence: false, mapping: true, simpleKey: false };
var SIMPLE_KEY = { root: false, sequence: false, mapping: true, simpleKey: true };
var OLD_BOOLS = /* @__PURE__ */ new Set([
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "on",
  "On",
  "ON",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "off",
  "Off",
  "OFF"
]);
var BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
function scalarPresentation(v, version) {
  if (v === null) return { text: "null", style: "plain" };
  if (typeof v === "boolean") return { text: v ? "true" : "false", style: "plain" };
  if (typeof v === "bigint") return { text: v.toString(), style: "plain" };
  if (typeof v === "number") {
    const s = formatGoFloat2(v);
    return {
      text: s === "+Inf" ? ".inf" : s === "-Inf" ? "-.inf" : s === "NaN" ? ".nan" : s,
      style: "plain"
    };
  }
  return { text: v, style: stringStyle(v, version) };
}
function stringStyle(s, version) {
  const resolved = resolvePlainScalar(s, version);
  const looksLikeOther = resolved.tag !== "!!str" || isGoYamlTimestamp(s);
  const base60 = /^[-+0-9]/.test(s) && s.includes(":") && BASE60_FLOAT.test(s);
  const canUsePlain = !looksLikeOther && !base60 && !(version === "v3" && OLD_BOOLS.has(s));
  if (s.includes("\n")) return "literal";
  return canUsePlain ? "plain" : "double";
}
var Encoder = class {
  constructor(version, sortKeys2, indent3, width2) {
    this.version = version;
    this.sortKeys = sortKeys2;
    this.e = new YamlEmitter({ version, indent: indent3, width: width2 });
  }
  version;
  sortKeys;
  e;
  node(v, ctx, parent) {
    if (Array.isArray(v)) this.sequence(v, ctx, parent);
    else if (v instanceof YamlOrderedMap) this.mapping(v.entries, parent);
    else if (v instanceof YamlRawScalar) this.scalar(v, ctx, parent);
    else if (isMap(v)) {
      const m = v;
      const keys = this.sortKeys ? sortGoYamlKeys(Object.keys(m), this.version) : Object.keys(m);
      this.mapping(
        keys.map((k) => [k, m[k]]),
        parent
      );
    } else this.scalar(v, ctx, parent);
  }
  scalar(v, ctx, parent) {
    if (typeof v === "string" && hasInvalidUtf8(v)) {
      const b64 = Array.from(goYamlBase64(v));
      const requested = b64.includes("\n") ? "literal" : "plain";
      this.e.writeScalar(b64, this.e.selectStyle(b64, requested, ctx), ctx, parent, "!!binary");
      return;
    }
    const { text, style } = v instanceof YamlRawScalar ? v : scalarPresentation(v, this.version);
    const chars = Array.from(text);
    this.e.writeScalar(chars, this.e.selectStyle(chars, style, ctx), ctx, parent);
  }
  sequence(items, ctx, parent) {
    const e = this.e;
    if (items.length === 0) {
      e.writeIndicator("[", true, true, false);
      e.writeIndicator("]", false, false, false);
      return;
    }
    const indentless = this.version === "v2" && ctx.mapping && !e.indention;
    e.increaseIndent(false, indentless, parent);
    for (const item of items) {
      e.writeIndent();
      e.writeIndicator("-", true, false, true);
      this.node(item, SEQ_ITEM, "sequence-item");
    }
    e.popIndent();
  }
  mapping(entries, parent) {
    const e = this.e;
    if (entries.length === 0) {
      e.writeIndicator("{", true, true, false);
      e.writeIndicator("}", false, false, false);
      return;
    }
    e.increaseIndent(false, false, parent);
    for (const [key, value] of entries) {
      e.writeIndent();
      if (YamlEmitter.canBeSimpleKey(Array.from(scalarPresentation(key, this.version).text), this.version)) {
        this.scalar(key, SIMPLE_KEY, "mapping-simple-value");
        e.writeIndicator(":", false, false, false);
      } else {
        e.writeIndicator("?", true, false, true);
        this.scalar(key, MAP_VALUE, "mapping-value");
        e.writeIndent();
        e.writeIndicator(":", true, false, true);
      }
      this.node(value, MAP_VALUE, "mapping-key");
    }
    e.popIndent();
  }
};
function encodeYaml(value, options = {}) {
  const version = options.version ?? "v3";
  const width2 = options.width ?? (version === "v2" ? 80 : -1);
  const enc = new Encoder(version, options.sortKeys ?? true, options.indent ?? 2, width2);
  enc.node(value, ROOT, "document");
  enc.e.writeIndent();
  return enc.e.text();
}

// src/shared/yaml/helm-yaml.ts
var INT64_MIN4 = -(2n ** 63n);
var UINT64_MAX3 = 2n ** 64n - 1n;

// src/template/funcs/helmfile/yaml-bridge.ts
var RFC3339_NANO = "2006-01-02T15:04:05.999999999Z07:00";
function formatFloat32(f) {
  if (!Number.isFinite(f)) return formatGoFloat2(f);
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(f.toPrecision(p));
    if (Math.fround(candidate) === f) return formatGoFloat2(candidate);
  }
  return formatGoFloat2(f);
}
function goToYaml(v) {
  if (v === null || typeof v !== "object") return v;
  if (v instanceof GoNumber) {
    if (v.kind === "float32") {
      const s = formatFloat32(Number(v.value));
      return new YamlRawScalar(s === "+Inf" ? ".inf" : s === "-Inf" ? "-.inf" : s === "NaN" ? ".nan" : s);
    }
    return BigInt(v.value);
  }
  if (v instanceof GoTime) return new YamlRawScalar(formatGoTime(v, RFC3339_NANO));
  if (v instanceof GoStruct) {
    return new YamlOrderedMap([...v.fields].map(([k, x]) => [k.toLowerCase(), goToYaml(x)]));
  }
  if (v instanceof GoFunc) throw new FuncError("cannot marshal type: func");
  if (v instanceof Uint8Array) return Array.from(v, (b) => BigInt(b));
  if (Array.isArray(v)) return v.map(goToYaml);
  if (isGoMap(v)) {
    const out = /* @__PURE__ */ Object.create(null);
    for (const k of Object.keys(v)) out[k] = goToYaml(v[k]);
    return out;
  }
  return null;
}
function yamlToGo(v) {
  return v;
}

// src/template/funcs/helmfile/values.ts
function toYaml(v, version) {
  return encodeYaml(goToYaml(v), { version });
}
function fromYaml(text, version) {
  try {
    return yamlToGo(decodeYaml(text, { version, nonStringKeys: "error" }));
  } catch (e) {
    const msg = e instanceof HelmfileError ? `yaml: ${e.line !== void 0 ? `line ${e.line}: ` : ""}${e.detail.replace(/^yaml: /, "")}` : String(e);
    throw new FuncError(`${msg}, offending yaml: ${text}`, { cause: e });
  }
}
function setValueAtPath(path, value, values) {
  const components = path.split(".");
  const key = components[components.length - 1];
  let current = values;
  const fail2 = (k, why) => {
    throw new FuncError(`failed to set value at path "${path}": value for key "${k}" ${why}`);
  };
  for (const k of components.slice(0, -1)) {
    if (!isGoMap(current)) return fail2(k, "was not a map");
    if (!Object.prototype.hasOwnProperty.call(current, k)) return fail2(k, "does not exist");
    const elem = current[k];
    if (!isGoMap(elem)) return fail2(k, "was not a map");
    current = elem;
  }
  if (!isGoMap(current)) return fail2(key, "was not a map");
  current[key] = value;
  return values;
}
function required(warn, v) {
  if (v === null || v === "") throw new FuncError(warn);
  return v;
}
function requiredEnv(env, name) {
  const v = env.environ?.[name];
  if (v !== void 0 && v.length > 0) return v;
  throw new FuncError(`required env var \`${name}\` is not set`);
}
function isShellSpecial(c) {
  return c !== void 0 && "*#$@!?-0123456789".includes(c);
}
function shellName(s) {
  if (s[0] === "{") {
    if (s.length > 2 && isShellSpecial(s[1]) && s[2] === "}") return { name: s.slice(1, 2), width: 3 };
    for (let i = 1; i < s.length; i++) {
      if (s[i] === "}") return i === 1 ? { name: "", width: 2 } : { name: s.slice(1, i), width: i + 1 };
    }
    return { name: "", width: 1 };
  }
  if (isShellSpecial(s[0])) return { name: s.slice(0, 1), width: 1 };
  const m = /^[A-Za-z0-9_]*/.exec(s);
  const name = m?.[0] ?? "";
  return { name, width: name.length };
}
function expandEnv2(env, s) {
  let out = "";
  let i = 0;
  for (let j = 0; j < s.length; j++) {
    if (s[j] === "$" && j + 1 < s.length) {
      out += s.slice(i, j);
      const { name, width: width2 } = shellName(s.slice(j + 1));
      if (name === "" && width2 > 0) {
      } else if (name === "") out += "$";
      else out += env.environ?.[name] ?? "";
      j += width2;
      i = j + 1;
    }
  }
  return out + s.slice(i);
}

// src/template/funcs/helmfile/functions.ts
var DISABLED_MESSAGE = "HELMFILE_DISABLE_INSECURE_FEATURES or HELMFILE_DISABLE_INSECURE_TEMPLATE_FUNCTIONS is active, insecure function calls are disabled";
function parseBool(v) {
  return v !== void 0 && ["1", "t", "T", "TRUE", "true", "True"].includes(v);
}
function insecureDisabled(options, env) {
  if (options.disableInsecureFunctions !== void 0) return options.disableInsecureFunctions;
  const environ = env.environ ?? {};
  return parseBool(environ["HELMFILE_DISABLE_INSECURE_FEATURES"]) || parseBool(environ["HELMFILE_DISABLE_INSECURE_TEMPLATE_FUNCTIONS"]);
}
function insecure(options, empty, impl) {
  return (args, ctx) => {
    if (insecureDisabled(options, ctx.env)) throw new FuncError(DISABLED_MESSAGE);
    if (options.preRender === true) return empty();
    return impl(args, ctx);
  };
}
function helmfileFunctions(options = {}) {
  const yamlVersion = options.yamlVersion ?? "v3";
  const str2 = (v) => typeof v === "string" ? v : "";
  const funcs = /* @__PURE__ */ new Map([
    [
      "exec",
      fn(
        ["string", "[]interface {}", "string"],
        insecure(
          options,
          () => "",
          (a, ctx) => envExec(ctx.env, null, str2(a[0]), a[1] ?? null, a.slice(2))
        ),
        true
      )
    ],
    [
      "envExec",
      fn(
        ["map[string]interface {}", "string", "[]interface {}", "string"],
        insecure(
          options,
          () => "",
          (a, ctx) => envExec(ctx.env, a[0] ?? null, str2(a[1]), a[2] ?? null, a.slice(3))
        ),
        true
      )
    ],
    [
      "readFile",
      fn(
        ["string"],
        insecure(
          options,
          () => "",
          (a, ctx) => readFile(ctx.env, str2(a[0]))
        )
      )
    ],
    [
      "readDir",
      fn(
        ["string"],
        insecure(
          options,
          () => [],
          (a, ctx) => readDir(ctx.env, str2(a[0]))
        )
      )
    ],
    [
      "readDirEntries",
      fn(
        ["string"],
        insecure(
          options,
          () => [],
          (a, ctx) => readDirEntries(ctx.env, str2(a[0]))
        )
      )
    ],
    ["isFile", fn(["string"], (a, ctx) => statKind(ctx.env, str2(a[0]), "file"))],
    ["isDir", fn(["string"], (a, ctx) => statKind(ctx.env, str2(a[0]), "dir"))],
    ["toYaml", fn(["interface {}"], (a) => toYaml(a[0] ?? null, yamlVersion))],
    ["fromYaml", fn(["string"], (a) => fromYaml(str2(a[0]), yamlVersion))],
    [
      "setValueAtPath",
      fn(
        ["string", "interface {}", "map[string]interface {}"],
        (a) => setValueAtPath(str2(a[0]), a[1] ?? null, a[2])
      )
    ],
    ["requiredEnv", fn(["string"], (a, ctx) => requiredEnv(ctx.env, str2(a[0])))],
    ["required", fn(["string", "interface {}"], (a) => required(str2(a[0]), a[1] ?? null))],
    ["tpl", fn(["string", "interface {}"], (a, ctx) => tpl(ctx, str2(a[0]), a[1] ?? null))],
    ["include", fn(["string", "interface {}"], include)],
    [
      "fetchSecretValue",
      fn(
        ["string"],
        (a, ctx) => fetchSecretValue(secretResolverOf(ctx.env, options.secretResolver), str2(a[0]))
      )
    ],
    [
      "expandSecretRefs",
      fn(
        ["map[string]interface {}"],
        (a, ctx) => expandSecretRefs(secretResolverOf(ctx.env, options.secretResolver), a[0])
      )
    ],
    ["env", fn(["string"], (a, ctx) => ctx.env.environ?.[str2(a[0])] ?? "")],
    ["expandenv", fn(["string"], (a, ctx) => expandEnv2(ctx.env, str2(a[0])))]
  ]);
  for (const [name, spec] of getFuncs()) funcs.set(name, spec);
  return funcs;
}
function withHelmfileFunctions(base, options = {}) {
  const out = mergeFuncMaps(base, helmfileFunctions(options));
  const sprigGet = base.get("get");
  if (sprigGet !== void 0) out.set("sprigGet", sprigGet);
  return out;
}

// src/shared/policy.ts
var DISABLE_INSECURE_FEATURES_ENV = "HELMFILE_DISABLE_INSECURE_FEATURES";
var POLICY_CODES = {
  exec: "POLICY_INSECURE_EXEC",
  fileOutsideTree: "POLICY_FILE_OUTSIDE_TREE",
  remote: "POLICY_REMOTE_SOURCE"
};
var PolicyError = class extends HelmfileError {
};
var GO_TRUE = /* @__PURE__ */ new Set(["1", "t", "T", "TRUE", "true", "True"]);
function resolvePolicy(options = {}, env = {}) {
  if (options.disableInsecureFeatures !== void 0) {
    return { disableInsecureFeatures: options.disableInsecureFeatures };
  }
  return { disableInsecureFeatures: GO_TRUE.has(env[DISABLE_INSECURE_FEATURES_ENV] ?? "") };
}
var PREFIX = `${DISABLE_INSECURE_FEATURES_ENV} is active, insecure function calls are disabled`;
function checkExecAllowed(policy, funcName, file) {
  if (!policy.disableInsecureFeatures) return;
  throw new PolicyError(POLICY_CODES.exec, `${PREFIX}: ${funcName} may not run commands`, withFile(file));
}
function isInsideTree(root, path) {
  const r = normalizeAbs(root);
  const p = normalizeAbs(path);
  return r === "/" || p === r || p.startsWith(`${r}/`);
}
function normalizeAbs(path) {
  const out = [];
  for (const part of path.replace(/\\/g, "/").split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return `/${out.join("/")}`;
}
function checkFileAllowed(policy, funcName, path, root, file) {
  if (!policy.disableInsecureFeatures || isInsideTree(root, path)) return;
  throw new PolicyError(
    POLICY_CODES.fileOutsideTree,
    `${PREFIX}: ${funcName} may not read "${path}" outside the state's folder "${root}"`,
    { ...withFile(file), expected: `a path under ${root}`, found: path }
  );
}
function checkRemoteAllowed(policy, source, file) {
  if (!policy.disableInsecureFeatures) return;
  throw new PolicyError(
    POLICY_CODES.remote,
    `remote sources are disabled because ${DISABLE_INSECURE_FEATURES_ENV} is active: "${source}"`,
    withFile(file)
  );
}
function withFile(file) {
  return file === void 0 || file === "" ? {} : { file };
}

// src/load/template-bridge.ts
var funcCache = /* @__PURE__ */ new Map();
var EXEC_FUNCS = ["exec", "envExec"];
var FILE_FUNCS = ["readFile", "readDir", "readDirEntries", "isFile", "isDir"];
function guardedFuncs(base, policy) {
  const out = new Map(base);
  for (const name of EXEC_FUNCS) {
    const spec = base.get(name);
    if (spec === void 0) continue;
    out.set(name, {
      ...spec,
      impl: () => {
        checkExecAllowed(policy, name);
        return null;
      }
    });
  }
  for (const name of FILE_FUNCS) {
    const spec = base.get(name);
    if (spec === void 0) continue;
    out.set(name, {
      ...spec,
      impl: (args, call) => {
        const arg = args[0];
        const root = call.env.basePath ?? "/";
        if (typeof arg === "string") checkFileAllowed(policy, name, resolveAgainstBase(call.env, arg), root);
        return spec.impl(args, call);
      }
    });
  }
  return out;
}
function funcsFor(yamlVersion, policy) {
  const key = `${yamlVersion}:${policy.disableInsecureFeatures ? "secure" : "default"}`;
  let f = funcCache.get(key);
  if (f === void 0) {
    f = withHelmfileFunctions(sprigFunctions(), { yamlVersion });
    if (policy.disableInsecureFeatures) f = guardedFuncs(f, policy);
    funcCache.set(key, f);
  }
  return f;
}
function renderGoTemplate(source, data, ctx) {
  if (!source.includes("{{")) return source;
  let helpers = ctx.helperCache?.get(ctx.basePath);
  if (helpers === void 0) {
    helpers = helperTemplates(ctx.fs, ctx.basePath).map((h) => ({ name: h.name, source: h.content }));
    ctx.helperCache?.set(ctx.basePath, helpers);
  }
  const limits = ctx.limits ?? resolveLimits({}, ctx.environ);
  return renderTemplate(source, data, {
    name: ctx.name,
    funcs: funcsFor(ctx.yamlVersion ?? "v3", ctx.policy ?? resolvePolicy({}, ctx.environ)),
    maxDepth: limits.templateDepth,
    maxOutput: limits.outputSize,
    missingKey: ctx.missingKey ?? "error",
    setName: "stringTemplate",
    templates: helpers,
    env: {
      fs: ctx.fs,
      environ: ctx.environ,
      basePath: ctx.basePath,
      ...ctx.processRunner === void 0 ? {} : { process: ctx.processRunner },
      ...ctx.logger === void 0 ? {} : { logger: ctx.logger },
      ...ctx.secretResolver === void 0 ? {} : { extra: { secretResolver: ctx.secretResolver } }
    }
  });
}
function limitsAndPolicy(ctx) {
  return {
    ...ctx.limits === void 0 ? {} : { limits: ctx.limits },
    ...ctx.policy === void 0 ? {} : { policy: ctx.policy },
    // The secret resolver travels with the policy: every render site already spreads this.
    ...ctx.secretResolver === void 0 ? {} : { secretResolver: ctx.secretResolver }
  };
}

// src/load/template-data.ts
function struct2(typeName2, fields) {
  return new GoStruct(typeName2, new Map(fields));
}
function environmentStruct2(env) {
  return struct2("environment.Environment", [
    ["Name", env.name],
    ["KubeContext", env.kubeContext],
    ["Values", environmentTemplateValues(env)],
    ["Defaults", env.defaults],
    ["CLIOverrides", env.cliOverrides]
  ]);
}
function environmentTemplateData(env, namespace, values) {
  return struct2("state.EnvironmentTemplateData", [
    ["Environment", environmentStruct2(env)],
    ["Namespace", namespace],
    ["Values", values],
    ["StateValues", values]
  ]);
}
function releaseTemplateData(env, release, values, overrides) {
  const labels = newGoMap();
  for (const [k, v] of Object.entries(release.labels)) labels[k] = v;
  const rel = struct2("state.releaseTemplateDataRelease", [
    ["Name", release.name],
    ["Namespace", release.namespace],
    ["Labels", typedMap(labels, "string")],
    ["Chart", release.chart],
    ["ChartVersion", release.version],
    ["KubeContext", release.kubeContext]
  ]);
  return struct2("state.releaseTemplateData", [
    [
      "Environment",
      struct2("environment.Environment", [
        ["Name", env.name],
        ["KubeContext", env.kubeContext],
        // helmfile passes st.Env as is here: .Environment.Values excludes CLI overrides.
        ["Values", env.values],
        ["Defaults", env.defaults],
        ["CLIOverrides", env.cliOverrides]
      ])
    ],
    ["Release", rel],
    ["Values", values],
    ["StateValues", values],
    ["KubeContext", overrides.kubeContext],
    ["Namespace", overrides.namespace],
    ["Chart", overrides.chart]
  ]);
}

// src/load/yaml-io.ts
function decodeStateDocuments(text, file, version) {
  return decodeYamlDocumentsWithPositions(text, { file, version, strict: true });
}
function decodeValuesYaml(text, file, version) {
  return decodeYaml(text, { file, version });
}
function encodeValuesYaml(value, version) {
  return encodeYaml(value, { version, indent: 2 });
}

// src/load/hcl-bridge.ts
function evaluator() {
  try {
    const req = require;
    return req("./hcl/index").evaluateHclValues;
  } catch {
    return void 0;
  }
}
function evaluateHcl(ctx, files) {
  const fn2 = evaluator();
  if (fn2 === void 0) {
    throw new LoadError(
      "HCL_UNSUPPORTED",
      `cannot load HCL values file ${files[0] ?? ""}: HCL values are not supported yet`,
      {
        ...files[0] === void 0 ? {} : { file: files[0] }
      }
    );
  }
  return fn2(files, { fs: ctx.fs });
}

// src/load/env-values-loader.ts
function checkStrategy(envName, strategy) {
  if (strategy === "" || strategy === "override" || strategy === "fallback") return strategy;
  throw new LoadError(
    "LOAD_BAD_MERGE_STRATEGY",
    `environment "${envName}": invalid mergeStrategy "${strategy}" (must be "override" or "fallback")`,
    { expected: "override or fallback", found: strategy }
  );
}
function mapMerge(dest, m, strategy) {
  return strategy === "fallback" ? mergeValues(m, dest) : mergoOverride(dest, m);
}
function isGotmplPath(path) {
  const parts = path.split(".");
  return parts[parts.length - 1] === "gotmpl";
}
function loadValuesFile(ctx, file, env, values) {
  let text;
  try {
    text = ctx.fs.readFile(file);
    if (isGotmplPath(file)) {
      text = renderGoTemplate(text, environmentTemplateData(env, "", values), {
        name: file,
        basePath: dirName(file),
        fs: ctx.fs,
        environ: ctx.environ,
        helperCache: ctx.helperCache,
        ...limitsAndPolicy(ctx),
        yamlVersion: ctx.yamlVersion,
        ...ctx.processRunner === void 0 ? {} : { processRunner: ctx.processRunner },
        logger: ctx.logger
      });
    }
  } catch (err) {
    throw wrapError(`failed to load environment values file "${file}"`, err);
  }
  const decoded2 = decodeValuesYaml(text, file, ctx.yamlVersion);
  if (decoded2 === null) return newMap();
  if (!isMap(decoded2)) {
    throw new LoadError(
      "LOAD_WRONG_TYPE",
      `failed to load environment values file "${file}": expected a map`,
      {
        file,
        expected: "a map",
        found: Array.isArray(decoded2) ? "a list" : typeof decoded2
      }
    );
  }
  return decoded2;
}
function loadEnvironmentValues(ctx, req) {
  const strategy = checkStrategy(req.envName, req.mergeStrategy);
  let result = newMap();
  const hclFiles = [];
  for (const entry of req.entries) {
    if (typeof entry === "string") {
      const { files, skipped } = resolveFile(
        ctx.fs,
        ctx.logger,
        req.loc,
        req.missingFileHandler,
        "environment values",
        entry
      );
      if (skipped) continue;
      for (const f of files) {
        if (f.endsWith(".hcl")) {
          hclFiles.push(f);
          continue;
        }
        const env = req.ctxEnv ?? newEnvironment(req.envName);
        let merged = getMergedValues(env);
        if (strategy === "fallback" && Object.keys(result).length > 0) merged = mergoOverride(result, merged);
        result = mapMerge(result, loadValuesFile(ctx, f, env, merged), strategy);
      }
    } else if (isMap(entry)) {
      result = mapMerge(result, entry, strategy);
    } else {
      throw new LoadError("LOAD_WRONG_TYPE", `unexpected type of value: value=${String(entry)}`, {
        expected: "a file path or a map",
        found: Array.isArray(entry) ? "a list" : typeof entry
      });
    }
  }
  if (hclFiles.length > 0) result = mapMerge(result, evaluateHcl(ctx, hclFiles), strategy);
  return result;
}

// src/load/release-prepare.ts
function releaseId(r) {
  const kc = r.kubeContext ?? "";
  const ns = r.namespace ?? "";
  let id = kc !== "" ? `${kc}/` : "";
  if (ns !== "") id += `${ns}/`;
  if (kc !== "" && ns === "") id += "/";
  return id + (r.name ?? "");
}
function escapeSetValue(v) {
  return v.replace(/\{/g, "\\{").replace(/\}/g, "\\}").replace(/,/g, "\\,");
}
function valueText(v) {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "bigint" || typeof v === "boolean" || typeof v === "number") return String(v);
  return JSON.stringify(v);
}
function setFlags(kind, entries, loc) {
  const out = [];
  for (const s of entries ?? []) {
    const name = escapeSetValue(s.name ?? "");
    if ((s.value ?? "") !== "")
      out.push({ kind, expression: `${name}=${escapeSetValue(s.value ?? "")}`, secret: false });
    else if (kind === "set" && (s.file ?? "") !== "")
      out.push({
        kind: "set-file",
        expression: `${name}=${normalizePath(loc, s.file ?? "")}`,
        secret: false
      });
    else if ((s.values ?? []).length > 0) {
      const items = (s.values ?? []).map((v) => escapeSetValue(valueText(v)));
      out.push({ kind, expression: `${name}={${items.join(",")}}`, secret: false });
    }
  }
  return out;
}
function envSetFlag(ctx, release) {
  const entries = release.env ?? [];
  if (entries.length === 0) return [];
  const missing = [];
  const parts = [];
  for (const e of entries) {
    const v = ctx.environ[e.value ?? ""];
    if (v === void 0) missing.push(`	${e.value ?? ""}`);
    else parts.push(`${escapeSetValue(e.name ?? "")}=${escapeSetValue(v)}`);
  }
  if (missing.length > 0) {
    throw new LoadError(
      "LOAD_MISSING_ENV_VAR",
      `Environment Variables not found. Please make sure they are set and try again:
${missing.join("\n")}`
    );
  }
  return [{ kind: "set", expression: parts.join(","), secret: false }];
}
function expandSecretRefs2(ctx, text, file) {
  if (ctx.secretResolver === void 0 || !/ref\+/.test(text)) return void 0;
  const decoded2 = decodeValuesYaml(text, file, ctx.yamlVersion);
  if (!isMap(decoded2)) return void 0;
  const before = encodeValuesYaml(decoded2, ctx.yamlVersion);
  const content = encodeValuesYaml(ctx.secretResolver.evalMap(decoded2), ctx.yamlVersion);
  return { content, secret: content !== before };
}
function valuesSources(ctx, st, release) {
  const out = [];
  const handler = release.missingFileHandler ?? st.spec.missingFileHandler ?? "Error";
  const prefix = release.valuesPathPrefix ?? "";
  (release.values ?? []).forEach((v, i) => {
    const origin = `${st.loc.displayFile}: releases[${release.name ?? ""}].values[${i}]`;
    if (typeof v === "string") {
      const { files, skipped } = resolveFile(ctx.fs, ctx.logger, st.loc, handler, "values", prefix + v);
      if (skipped) return;
      if (files.length > 1) {
        throw new LoadError(
          "LOAD_VALUES_GLOB",
          "glob patterns in release values and secrets is not supported yet. please submit a feature request if necessary",
          { found: v }
        );
      }
      const path = files[0];
      if (!isGotmplPath(path)) {
        const expanded = ctx.secretResolver === void 0 ? void 0 : expandSecretRefs2(ctx, ctx.fs.readFile(path), path);
        out.push(
          expanded === void 0 ? { kind: "file", path, origin, secret: false } : { kind: "inline", origin, ...expanded }
        );
        return;
      }
      const data = releaseTemplateData(st.env, templateFields(release), st.values, st.overrides);
      const content = renderGoTemplate(ctx.fs.readFile(path), data, {
        name: path,
        basePath: dirName(path),
        fs: ctx.fs,
        environ: ctx.environ,
        helperCache: ctx.helperCache,
        ...limitsAndPolicy(ctx),
        yamlVersion: ctx.yamlVersion,
        ...ctx.processRunner === void 0 ? {} : { processRunner: ctx.processRunner },
        logger: ctx.logger
      });
      out.push({
        kind: "inline",
        origin,
        ...expandSecretRefs2(ctx, content, path) ?? { content, secret: false }
      });
    } else if (isMap(v)) {
      out.push({ kind: "inline", content: encodeValuesYaml(v, ctx.yamlVersion), origin, secret: false });
    } else {
      throw new LoadError("LOAD_WRONG_TYPE", `unexpected type of value: value=${valueText(v)}`, {
        expected: "a values file path or a map",
        found: valueText(v)
      });
    }
  });
  (release.secrets ?? []).forEach((v, i) => {
    const origin = `${st.loc.displayFile}: releases[${release.name ?? ""}].secrets[${i}]`;
    if (typeof v !== "string") {
      if (ctx.secrets.decryptText === void 0) {
        throw new SecretError(
          "SECRETS_UNSUPPORTED",
          "embedded release secrets need a secrets decryptor with decryptText",
          {
            found: origin
          }
        );
      }
      out.push({
        kind: "inline",
        content: ctx.secrets.decryptText(encodeValuesYaml(v, ctx.yamlVersion), origin),
        origin,
        secret: true
      });
      return;
    }
    const { files, skipped } = resolveFile(
      ctx.fs,
      ctx.logger,
      st.loc,
      release.missingFileHandler,
      "secrets",
      prefix + v
    );
    if (skipped) return;
    if (files.length > 1) {
      throw new LoadError(
        "LOAD_VALUES_GLOB",
        "glob patterns in release secret file is not supported yet. please submit a feature request if necessary",
        { found: v }
      );
    }
    out.push({ kind: "inline", content: ctx.secrets.decryptFile(files[0]), origin, secret: true });
  });
  return out;
}
function templateFields(r) {
  return {
    name: r.name ?? "",
    namespace: r.namespace ?? "",
    labels: r.labels ?? {},
    chart: r.chart ?? "",
    version: r.version ?? "",
    kubeContext: r.kubeContext ?? ""
  };
}
function isLocalChart2(ctx, loc, chart) {
  if (chart === "") return void 0;
  if (isAbsolute3(chart)) return chart;
  if (chart.startsWith("./") || chart.startsWith("../") || chart === "." || chart === "..")
    return joinPath(loc.absDir, chart);
  const candidate = joinPath(loc.absDir, chart);
  return ctx.fs.isDirectory(candidate) ? candidate : void 0;
}
function toValue(v) {
  if (v === void 0 || v === null) return null;
  if (Array.isArray(v)) return v.map(toValue);
  if (typeof v === "object") {
    const out = newMap();
    for (const [k, x] of Object.entries(v))
      if (x !== void 0) out[k] = toValue(x);
    return out;
  }
  return v;
}
function prepareRelease(ctx, st, release, labels, skipDeps) {
  const carries = (text) => ctx.secrets.containsSecret?.(text) ?? false;
  const values = valuesSources(ctx, st, release).map(
    (v) => !v.secret && v.kind === "inline" && carries(v.content) ? { ...v, secret: true } : v
  );
  const flags = [
    ...setFlags("set", release.set, st.loc),
    ...setFlags("set-string", release.setString, st.loc),
    ...envSetFlag(ctx, release)
  ].map((f) => !f.secret && carries(f.expression) ? { ...f, secret: true } : f);
  const defaults = st.spec.helmDefaults ?? {};
  const chartPath = isLocalChart2(ctx, st.loc, release.chart ?? "");
  const kubeContext = (release.kubeContext ?? "") || (st.spec.environments?.[st.env.name]?.kubeContext ?? "") || (st.spec.helmDefaults?.kubeContext ?? "");
  return {
    id: releaseId(release),
    name: release.name ?? "",
    namespace: release.namespace ?? "",
    chart: release.chart ?? "",
    ...chartPath === void 0 ? {} : { chartPath },
    ...release.version === void 0 || release.version === "" ? {} : { version: release.version },
    labels,
    needs: release.needs ?? [],
    installed: release.installed !== false,
    values,
    setFlags: flags,
    templateFlags: [],
    ...kubeContext === "" ? {} : { kubeContext },
    skipDeps: skipDeps || (release.skipDeps ?? defaults.skipDeps ?? false),
    stateFile: st.absFile,
    baseDir: st.loc.absDir,
    hasSecrets: values.some((v) => v.secret),
    spec: toValue(release)
  };
}

// src/load/struct-merge.ts
var MAPS_OF_STRUCTS = /* @__PURE__ */ new Set(["environments", "templates"]);
var STRING_MAPS = /* @__PURE__ */ new Set(["labels", "commonLabels", "kubectlApply"]);
var PLAIN_SCALARS = /* @__PURE__ */ new Set([
  "verify",
  "enableDNS",
  "devel",
  "wait",
  "waitRetries",
  "waitForJobs",
  "timeout",
  "recreatePods",
  "force",
  "atomic",
  "rollbackOnFailure",
  "cleanupOnFail",
  "forceConflicts",
  "skipCRDs",
  "skipDeps",
  "skipRefresh",
  "reuseValues",
  "insecureSkipTLSVerify",
  "plainHttp",
  "deleteWait",
  "deleteTimeout",
  "helmStuckGrace",
  "forceGoGetter",
  "selectorsInherited",
  "oci",
  "passCredentials",
  "skipTLSVerify",
  "showlogs",
  "ignoreMissingGitBranch"
]);
var POINTER_STRINGS = /* @__PURE__ */ new Set([
  "postRenderer",
  "cascade",
  "serverSide",
  "missingFileHandler",
  "verifyTemplate",
  "waitTemplate",
  "installedTemplate",
  "conditionTemplate"
]);
var OPAQUE = /* @__PURE__ */ new Set([
  "values",
  "secrets",
  "valuesTemplate",
  "jsonPatches",
  "strategicMergePatches",
  "transformers",
  "llm"
]);
function isPlainObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}
function isEmpty2(key, v, inStruct) {
  if (v === void 0 || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === "string") return v === "" && !POINTER_STRINGS.has(key);
  if (!inStruct) return false;
  if (PLAIN_SCALARS.has(key)) return v === false || v === 0n || v === 0;
  return false;
}
function mergeStringMaps(dst, src, override) {
  const out = { ...dst ?? {} };
  for (const [k, v] of Object.entries(src)) {
    if (override || out[k] === void 0 || out[k] === "") out[k] = v;
  }
  return out;
}
function mergeStructMaps(dst, src, override) {
  const out = { ...dst ?? {} };
  for (const [k, v] of Object.entries(src)) {
    if (override || out[k] === void 0) out[k] = v;
  }
  return out;
}
function mergeStructs(dst, src, options) {
  const out = { ...dst };
  for (const [key, sv] of Object.entries(src)) {
    if (sv === void 0) continue;
    const dv = out[key];
    if (MAPS_OF_STRUCTS.has(key) && isPlainObject(sv)) {
      out[key] = mergeStructMaps(isPlainObject(dv) ? dv : void 0, sv, options.override);
      continue;
    }
    if (STRING_MAPS.has(key) && isPlainObject(sv)) {
      out[key] = mergeStringMaps(isPlainObject(dv) ? dv : void 0, sv, options.override);
      continue;
    }
    if (Array.isArray(sv)) {
      if (sv.length === 0) {
        if (dv === void 0) out[key] = sv;
        continue;
      }
      if (options.appendSlice) out[key] = Array.isArray(dv) ? [...dv, ...sv] : sv;
      else if (options.override || isEmpty2(key, dv, true)) out[key] = sv;
      continue;
    }
    if (!OPAQUE.has(key) && isPlainObject(sv) && isPlainObject(dv)) {
      out[key] = mergeStructs(dv, sv, options);
      continue;
    }
    if (isEmpty2(key, sv, true)) {
      if (dv === void 0) out[key] = sv;
      continue;
    }
    if (options.override || isEmpty2(key, dv, true)) out[key] = sv;
  }
  return out;
}

// src/load/release-inherit.ts
function applyDefaultInherit(defaults, inherit) {
  const own = inherit ?? [];
  if (defaults === void 0 || defaults.length === 0) return [...own];
  const seen = /* @__PURE__ */ new Set();
  const filtered = [];
  for (const inh of own) {
    const name = (inh.template ?? "").trim();
    if (name === "") continue;
    seen.add(name);
    filtered.push(inh);
  }
  const out = [];
  for (const raw of defaults) {
    const name = raw.trim();
    if (name === "" || seen.has(name)) continue;
    seen.add(name);
    out.push({ template: name });
  }
  return [...out, ...filtered];
}
var EXCEPT_FIELDS = {
  labels: "labels",
  values: "values",
  valuesTemplate: "valuesTemplate",
  setTemplate: "setTemplate",
  set: "set",
  setString: "setString",
  secrets: "secrets"
};
function releaseWithInheritedTemplate(templates, release, path = []) {
  let merged = {};
  for (const inh of release.inherit ?? []) {
    const name = inh.template ?? "";
    if (name === "") return release;
    const chain = [...path, name];
    if (path.includes(name)) {
      throw new LoadError("LOAD_CYCLIC_TEMPLATE", `cyclic inheritance detected: ${chain.join("->")}`, {
        found: chain.join("->")
      });
    }
    const tpl2 = templates[name];
    if (tpl2 === void 0) {
      throw new LoadError(
        "LOAD_UNKNOWN_TEMPLATE",
        `release "${release.name ?? ""}" tried to inherit inexistent release template "${name}"`,
        {
          found: name,
          expected: Object.keys(templates).join(", ") || "a declared template"
        }
      );
    }
    const src = { ...releaseWithInheritedTemplate(templates, tpl2, chain) };
    for (const k of inh.except ?? []) {
      const field2 = EXCEPT_FIELDS[k];
      if (field2 === void 0) {
        throw new LoadError(
          "LOAD_BAD_INHERIT_EXCEPT",
          `"${k}" is not allowed under \`inherit\`. Allowed values are "set", "setTemplate", "values", "valuesTemplate", "secrets", and "labels"`,
          { found: k }
        );
      }
      delete src[field2];
    }
    merged = mergeStructs(merged, src, { override: false, appendSlice: true });
  }
  merged = mergeStructs(merged, release, { override: false, appendSlice: true });
  const { inherit: _inherit, ...rest } = merged;
  void _inherit;
  return rest;
}

// src/load/release-exec.ts
function fieldError(name, field2, source, err) {
  const detail = isHelmfileError(err) ? err.detail : err instanceof Error ? err.message : String(err);
  return new LoadError(
    "LOAD_RELEASE_TEMPLATE",
    `failed executing template expressions in release "${name}".${field2} = "${source}": ${detail}`,
    { cause: err }
  );
}
function renderOnce(release, prev, ctx) {
  const data = releaseTemplateData(
    ctx.env,
    {
      name: prev.name ?? "",
      namespace: prev.namespace ?? "",
      labels: prev.labels ?? {},
      chart: prev.chart ?? "",
      version: prev.version ?? "",
      kubeContext: prev.kubeContext ?? ""
    },
    ctx.values,
    ctx.overrides
  );
  const name = release.name ?? "";
  const r = (field2, s) => {
    try {
      return renderGoTemplate(s, data, { ...ctx.render, name: `${ctx.stateFile}: ${field2}` });
    } catch (err) {
      throw fieldError(name, field2, s, err);
    }
  };
  const out = structuredCloneSpec(release);
  out.name = r("name", release.name ?? "").trim();
  out.chart = r("chart", release.chart ?? "").trim();
  out.namespace = r("namespace", release.namespace ?? "").trim();
  out.version = r("version", release.version ?? "").trim();
  for (const key of ["waitTemplate", "installedTemplate", "conditionTemplate", "verifyTemplate"]) {
    const t = release[key];
    if (t !== void 0) out[key] = r(key, t);
  }
  if (release.labels !== void 0) {
    const labels = {};
    for (const [k, v] of Object.entries(release.labels)) labels[k] = r(`labels[${k}]`, v);
    out.labels = labels;
  }
  out.postRendererArgs = (release.postRendererArgs ?? []).map((a) => r("postRendererArgs", a));
  const valuesTemplate = (release.valuesTemplate ?? []).map(
    (t, i) => renderValuesTemplateEntry(t, i, r, ctx)
  );
  if (valuesTemplate.length > 0) {
    out.valuesTemplate = valuesTemplate;
    out.values = [...valuesTemplate, ...release.values ?? []];
  }
  if (out.values !== void 0)
    out.values = out.values.map((v, i) => typeof v === "string" ? r(`values[${i}]`, v) : v);
  if (release.secrets !== void 0)
    out.secrets = release.secrets.map((v, i) => typeof v === "string" ? r(`secrets[${i}]`, v) : v);
  if ((release.setTemplate ?? []).length > 0) {
    const rendered = (release.setTemplate ?? []).map((s, i) => renderSetEntry(s, i, r));
    out.set = [...rendered, ...release.set ?? []];
  }
  if (release.needs !== void 0) out.needs = release.needs.map((n, i) => r(`needs[${i}]`, n));
  return out;
}
function renderValuesTemplateEntry(t, i, r, ctx) {
  if (!isMap(t)) return t;
  const serialized = encodeValuesYaml(t, ctx.yamlVersion);
  const rendered = r(`values[${i}]`, serialized);
  const decoded2 = decodeValuesYaml(rendered, `valuesTemplate[${i}]`, ctx.yamlVersion);
  return decoded2 === null ? /* @__PURE__ */ Object.create(null) : decoded2;
}
function renderSetEntry(s, i, r) {
  const out = { ...s };
  for (const key of ["name", "value", "file"]) {
    const text = r(`set[${i}].${key}`, s[key] ?? "");
    if (text === "") delete out[key];
    else out[key] = text;
  }
  if (s.values !== void 0)
    out.values = s.values.map((v, j) => typeof v === "string" ? r(`set[${i}].values[${j}]`, v) : v);
  return out;
}
function structuredCloneSpec(v) {
  if (Array.isArray(v)) return v.map((x) => structuredCloneSpec(x));
  if (typeof v === "object" && v !== null && !(v instanceof Uint8Array)) {
    const proto = Object.getPrototypeOf(v);
    const out = proto === null ? /* @__PURE__ */ Object.create(null) : {};
    for (const [k, x] of Object.entries(v)) out[k] = structuredCloneSpec(x);
    return out;
  }
  return v;
}
function specFingerprint(v) {
  return JSON.stringify(v, (_k, x) => {
    if (typeof x === "bigint") return `${x.toString()}n`;
    if (typeof x === "object" && x !== null && !Array.isArray(x)) {
      const o = x;
      return Object.fromEntries(
        Object.keys(o).sort().filter((k) => o[k] !== void 0).map((k) => [k, o[k]])
      );
    }
    return x;
  });
}
function parseBoolTemplate(field2, text) {
  let v;
  try {
    v = decodeValuesYaml(text, field2, "v3");
  } catch (err) {
    throw new LoadError("LOAD_BAD_BOOL_TEMPLATE", `${field2}: failed deserialising string ${text}`, {
      cause: err,
      expected: "true or false",
      found: text
    });
  }
  if (typeof v === "boolean") return v;
  if (v === null) return false;
  throw new LoadError(
    "LOAD_BAD_BOOL_TEMPLATE",
    `${field2}: failed deserialising string ${text}: cannot unmarshal into bool`,
    {
      expected: "true or false",
      found: text
    }
  );
}
function applyBoolTemplates(r) {
  const out = { ...r };
  if (r.installedTemplate !== void 0) {
    out.installed = parseBoolTemplate("installedTemplate", r.installedTemplate);
    delete out.installedTemplate;
  }
  if (r.conditionTemplate !== void 0) {
    out.condition = String(parseBoolTemplate("conditionTemplate", r.conditionTemplate));
    delete out.conditionTemplate;
  }
  if (r.waitTemplate !== void 0) {
    out.wait = parseBoolTemplate("waitTemplate", r.waitTemplate);
    delete out.waitTemplate;
  }
  if (r.verifyTemplate !== void 0) {
    out.verify = parseBoolTemplate("verifyTemplate", r.verifyTemplate);
    delete out.verifyTemplate;
  }
  return out;
}
function executeReleaseTemplates(release, ctx) {
  let prev = release;
  for (let it = 0; it < 6; it++) {
    const next = renderOnce(release, prev, ctx);
    if (specFingerprint(prev) === specFingerprint(next)) {
      try {
        return applyBoolTemplates(next);
      } catch (err) {
        throw new LoadError(
          isHelmfileError(err) ? err.code : "LOAD_BAD_BOOL_TEMPLATE",
          `failed executing templates in release "${ctx.stateFile}"."${release.name ?? ""}": ${isHelmfileError(err) ? err.detail : String(err)}`,
          { cause: err }
        );
      }
    }
    prev = next;
  }
  throw new LoadError(
    "LOAD_RELEASE_TEMPLATE_CYCLE",
    `failed executing templates in release "${ctx.stateFile}"."${release.name ?? ""}": recursive references can't be resolved`
  );
}

// src/load/selectors.ts
var MISMATCH_RE = /^[a-zA-Z0-9_./+-]+!=[a-zA-Z0-9_./+-]+$/;
var MATCH_RE = /^[a-zA-Z0-9_./+-]+=[a-zA-Z0-9_./+-]+$/;
function parseLabels(selector) {
  const positive = [];
  const negative = [];
  for (const label of selector.split(",")) {
    if (MISMATCH_RE.test(label)) {
      const [k = "", v = ""] = label.split("!=");
      negative.push([k, v]);
    } else if (MATCH_RE.test(label)) {
      const [k = "", v = ""] = label.split("=");
      positive.push([k, v]);
    } else {
      throw new LoadError(
        "LOAD_BAD_SELECTOR",
        `malformed label: ${label}. Expected label in form k=v or k!=v`,
        {
          expected: "k=v or k!=v",
          found: label
        }
      );
    }
  }
  return { positive, negative };
}
function matchLabels(filter, labels) {
  for (const [k, v] of filter.positive) {
    if (!Object.prototype.hasOwnProperty.call(labels, k) || labels[k] !== v) return false;
  }
  for (const [k, v] of filter.negative) {
    if (Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === v) return false;
  }
  return true;
}
function matchAnySelector(filters, labels) {
  return filters.length === 0 || filters.some((f) => matchLabels(f, labels));
}
function positivesCompatible(a, b) {
  return a.positive.every(([ka, va]) => b.positive.every(([kb, vb]) => ka !== kb || va === vb));
}
function selectorsAreCompatible(a, b) {
  if (a.length === 0 || b.length === 0) return { compatible: true };
  let fa;
  let fb;
  try {
    fa = a.map(parseLabels);
    fb = b.map(parseLabels);
  } catch (err) {
    return { compatible: true, error: err };
  }
  return { compatible: fa.some((x) => fb.some((y) => positivesCompatible(x, y))) };
}
function subhelmfileSelectorsConflict(cliSelectors, sub2) {
  const own = sub2.selectors ?? [];
  if ((cliSelectors ?? []).length === 0 || own.length === 0 || sub2.selectorsInherited === true) return false;
  return !selectorsAreCompatible(cliSelectors ?? [], own).compatible;
}
function releaseSelectorLabels(release, commonLabels = {}) {
  const out = { ...commonLabels, ...release.labels };
  out.name = release.name;
  out.namespace = release.namespace;
  const parts = release.chart.split("/");
  out.chart = parts[parts.length - 1] ?? "";
  return out;
}

// src/load/state-releases.ts
function stateOverrides(st) {
  return {
    kubeContext: st.spec.kubeContext ?? "",
    namespace: st.spec.namespace ?? "",
    chart: st.spec.chart ?? ""
  };
}
function executeStateTemplates(ctx, st) {
  const templates = st.spec.templates ?? {};
  return (st.spec.releases ?? []).map((raw) => {
    const withDefaults = {
      ...raw,
      inherit: applyDefaultInherit(st.spec.defaultInherit, raw.inherit)
    };
    let release;
    try {
      release = releaseWithInheritedTemplate(templates, withDefaults);
    } catch (err) {
      if (err instanceof LoadError && err.code === "LOAD_CYCLIC_TEMPLATE") {
        throw new LoadError(
          err.code,
          `unable to load release "${raw.name ?? ""}" with template: ${err.detail}`,
          { cause: err }
        );
      }
      throw err;
    }
    if ((release.kubeContext ?? "") === "")
      release = { ...release, kubeContext: st.spec.helmDefaults?.kubeContext ?? "" };
    release = { ...release, labels: { ...release.labels ?? {}, ...st.spec.commonLabels ?? {} } };
    if ((release.apiVersions ?? []).length === 0 && st.spec.apiVersions !== void 0)
      release = { ...release, apiVersions: st.spec.apiVersions };
    if ((release.kubeVersion ?? "") === "" && st.spec.kubeVersion !== void 0)
      release = { ...release, kubeVersion: st.spec.kubeVersion };
    const out = executeReleaseTemplates(release, {
      env: st.env,
      values: st.values,
      overrides: stateOverrides(st),
      render: {
        basePath: st.loc.absDir,
        fs: ctx.fs,
        environ: ctx.environ,
        helperCache: ctx.helperCache,
        ...limitsAndPolicy(ctx),
        yamlVersion: ctx.yamlVersion,
        logger: ctx.logger,
        ...ctx.processRunner === void 0 ? {} : { processRunner: ctx.processRunner }
      },
      stateFile: st.loc.displayFile,
      yamlVersion: ctx.yamlVersion
    });
    if ((out.chart ?? "") === "") {
      throw new LoadError(
        "LOAD_EMPTY_CHART",
        `encountered empty chart while reading release "${out.name ?? ""}"`,
        { keyPath: ["releases"] }
      );
    }
    return out;
  });
}
function reformatNeeds(release) {
  return (release.needs ?? []).map((n) => {
    const parts = n.split("/");
    const name = parts[parts.length - 1] ?? "";
    const ns = parts.length > 1 ? parts[parts.length - 2] ?? "" : release.namespace ?? "";
    const kc = parts.length > 2 ? parts.slice(0, -2).join("/") : release.kubeContext ?? "";
    const out = [];
    if (kc !== "") out.push(kc);
    if (kc !== "" || ns !== "") out.push(ns);
    out.push(name);
    return out.join("/");
  });
}
function applyOverrides(st, releases) {
  const o = stateOverrides(st);
  return releases.map((r) => {
    let out = r;
    if (o.kubeContext !== "") out = { ...out, kubeContext: o.kubeContext };
    if (o.namespace !== "") out = { ...out, namespace: o.namespace };
    return { ...out, needs: reformatNeeds(out) };
  });
}
function conditionEnabled(condition, values) {
  const c = condition ?? "";
  if (c === "") return true;
  const lower = c.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  const keys = c.split(".");
  if (keys[keys.length - 1] !== "enabled") {
    throw new LoadError(
      "LOAD_BAD_CONDITION",
      "Condition value must be in the form 'foo.enabled' where 'foo' can be modified as necessary",
      {
        found: c,
        expected: "foo.enabled"
      }
    );
  }
  let cur = values ?? /* @__PURE__ */ Object.create(null);
  let path = "";
  for (const key of keys.slice(0, -1)) {
    path += `.${key}`;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) {
      throw new LoadError("LOAD_BAD_CONDITION", `environment values field '${path}' not found`, { found: c });
    }
    const next = cur[key];
    if (!isMap(next))
      throw new LoadError("LOAD_BAD_CONDITION", `environment values field '${path}' is not a map`, {
        found: c
      });
    cur = next;
  }
  return cur.enabled === true;
}
function selectReleases(releases, selectors, values, includeTransitiveNeeds) {
  const filters = selectors.map(parseLabels);
  const filtered = releases.map((r) => {
    let enabled;
    try {
      enabled = conditionEnabled(r.spec.condition, values);
    } catch (err) {
      throw new LoadError(
        "LOAD_BAD_CONDITION",
        `failed to parse condition in release ${r.spec.name ?? ""}: ${err.detail}`,
        { cause: err }
      );
    }
    return filters.length > 0 && !matchAnySelector(filters, r.labels) || !enabled;
  });
  if (includeTransitiveNeeds) {
    const needed = /* @__PURE__ */ new Set();
    const visit = (r) => {
      for (const id of r.needs ?? []) {
        if (needed.has(id)) continue;
        needed.add(id);
        const name = id.split("/").pop() ?? "";
        for (const o of releases) if (o.spec.name === name) visit(o.spec);
      }
    };
    releases.forEach((r, i) => {
      if (!filtered[i]) visit(r.spec);
    });
    releases.forEach((r, i) => {
      if (needed.has(releaseId(r.spec))) filtered[i] = false;
    });
  }
  return releases.filter((_, i) => !filtered[i]);
}
function checkDuplicates(releases, file) {
  const counts = /* @__PURE__ */ new Map();
  for (const r of releases) {
    const key = JSON.stringify([r.namespace ?? "", r.name ?? "", r.kubeContext ?? ""]);
    const c = counts.get(key);
    counts.set(key, { n: (c?.n ?? 0) + 1, r });
  }
  for (const { n, r } of counts.values()) {
    if (n < 2) continue;
    let where = "";
    if ((r.namespace ?? "") !== "") where += ` in namespace "${r.namespace ?? ""}"`;
    if ((r.kubeContext ?? "") !== "") where += ` in kubecontext "${r.kubeContext ?? ""}"`;
    throw new LoadError(
      "LOAD_DUPLICATE_RELEASE",
      `duplicate release "${r.name ?? ""}" found${where}: there were ${n} releases named "${r.name ?? ""}" matching specified selector`,
      { found: r.name ?? "", ...file === void 0 ? {} : { file } }
    );
  }
}
function labelReleases(st, releases) {
  return releases.map((spec) => ({
    spec,
    labels: releaseSelectorLabels(
      {
        name: spec.name ?? "",
        namespace: spec.namespace ?? "",
        chart: spec.chart ?? "",
        labels: spec.labels ?? {}
      },
      st.spec.commonLabels ?? {}
    )
  }));
}

// src/load/inherit-config.ts
function buildInheritedConfig(parent, env, want) {
  const set2 = new Set(want);
  return structuredCloneSpec({
    ...set2.has("repositories") && parent.repositories !== void 0 ? { repositories: parent.repositories } : {},
    ...set2.has("helmDefaults") ? { helmDefaults: parent.helmDefaults ?? {} } : {},
    ...set2.has("commonLabels") && parent.commonLabels !== void 0 ? { commonLabels: parent.commonLabels } : {},
    ...set2.has("apiVersions") && parent.apiVersions !== void 0 ? { apiVersions: parent.apiVersions } : {},
    ...set2.has("kubeVersion") && (parent.kubeVersion ?? "") !== "" ? { kubeVersion: parent.kubeVersion } : {},
    ...set2.has("templates") && parent.templates !== void 0 ? { templates: parent.templates } : {},
    ...set2.has("environments") ? { env: copyEnvironment(env) } : {}
  });
}
function dedupByName(items) {
  const last = /* @__PURE__ */ new Map();
  items.forEach((r, i) => last.set(r.name ?? "", i));
  return items.filter((r, i) => last.get(r.name ?? "") === i);
}
function mergeInherited(child, inh) {
  let out = { ...child };
  if (inh.repositories !== void 0)
    out.repositories = dedupByName([...inh.repositories, ...child.repositories ?? []]);
  if (inh.helmDefaults !== void 0)
    out.helmDefaults = mergeStructs(child.helmDefaults ?? {}, inh.helmDefaults, {
      override: false,
      appendSlice: false
    });
  if (inh.commonLabels !== void 0)
    out.commonLabels = { ...inh.commonLabels, ...child.commonLabels ?? {} };
  if (inh.templates !== void 0) out.templates = { ...inh.templates, ...child.templates ?? {} };
  if (inh.apiVersions !== void 0)
    out.apiVersions = [.../* @__PURE__ */ new Set([...inh.apiVersions, ...child.apiVersions ?? []])];
  if (inh.kubeVersion !== void 0 && (child.kubeVersion ?? "") === "")
    out = { ...out, kubeVersion: inh.kubeVersion };
  return out;
}

// src/load/environment-spec.ts
function list(v) {
  return Array.isArray(v) ? v : [];
}
function mergeSpec(dst, src) {
  const out = newMap();
  out.secrets = [...list(dst.secrets), ...list(src.secrets)];
  for (const key of ["kubeContext", "mergeStrategy"]) {
    const s = src[key];
    const chosen = typeof s === "string" && s !== "" ? s : dst[key];
    if (chosen !== void 0) out[key] = chosen;
  }
  for (const key of ["missingFileHandler", "missingFileHandlerConfig"]) {
    const s = src[key];
    const chosen = s !== void 0 && s !== null ? s : dst[key];
    if (chosen !== void 0) out[key] = chosen;
  }
  out.values = out.mergeStrategy === "fallback" ? [...list(src.values), ...list(dst.values)] : [...list(dst.values), ...list(src.values)];
  return out;
}
function mergeEnvironmentSpecs(dst, src) {
  const out = newMap();
  for (const k of Object.keys(dst)) out[k] = dst[k];
  for (const name of Object.keys(src)) {
    const s = src[name];
    const d = out[name];
    const sm = isMap(s) ? s : newMap();
    out[name] = d !== void 0 ? mergeSpec(isMap(d) ? d : newMap(), sm) : s;
  }
  return out;
}

// src/load/schema.ts
var import_zod = require("zod");
var nullToUndefined = (v) => v === null ? void 0 : v;
function opt(schema) {
  return import_zod.z.preprocess(nullToUndefined, schema.optional());
}
var goString = import_zod.z.preprocess((v) => {
  if (typeof v === "bigint" || typeof v === "boolean") return String(v);
  if (typeof v === "number") return formatGoFloat2(v);
  return v;
}, import_zod.z.string());
var goBool = import_zod.z.boolean();
var goInt = import_zod.z.preprocess((v) => typeof v === "number" && Number.isInteger(v) ? BigInt(v) : v, import_zod.z.bigint());
var goFloat = import_zod.z.preprocess((v) => typeof v === "bigint" ? Number(v) : v, import_zod.z.number());
var anyValue = import_zod.z.custom(() => true);
var stringList2 = import_zod.z.preprocess(nullToUndefined, import_zod.z.array(goString).optional());
var anyList = import_zod.z.preprocess(nullToUndefined, import_zod.z.array(anyValue).optional());
var stringMap = import_zod.z.preprocess(
  nullToUndefined,
  import_zod.z.record(
    import_zod.z.string(),
    import_zod.z.preprocess((v) => v === null ? "" : v, goString)
  ).optional()
);
var missingFileHandlerConfig = import_zod.z.strictObject({ ignoreMissingGitBranch: opt(goBool) });
var setValue = import_zod.z.strictObject({
  name: opt(goString),
  value: opt(goString),
  file: opt(goString),
  values: anyList
});
var inheritEntry = import_zod.z.strictObject({ template: opt(goString), except: stringList2 });
var inherits = import_zod.z.preprocess(
  (v) => v === null ? void 0 : v !== void 0 && !Array.isArray(v) ? [v] : v,
  import_zod.z.array(inheritEntry).optional()
);
var trackResource = import_zod.z.strictObject({ kind: opt(goString), name: opt(goString), namespace: opt(goString) });
var hook = import_zod.z.strictObject({
  name: opt(goString),
  events: stringList2,
  command: opt(goString),
  kubectlApply: opt(import_zod.z.record(import_zod.z.string(), anyValue)),
  args: stringList2,
  showlogs: opt(goBool)
});
var dependency = import_zod.z.strictObject({ chart: opt(goString), version: opt(goString), alias: opt(goString) });
var releaseFields = {
  chart: opt(goString),
  chartPath: opt(goString),
  directory: opt(goString),
  version: opt(goString),
  verify: opt(goBool),
  keyring: opt(goString),
  enableDNS: opt(goBool),
  devel: opt(goBool),
  wait: opt(goBool),
  waitRetries: opt(goInt),
  waitForJobs: opt(goBool),
  timeout: opt(goInt),
  recreatePods: opt(goBool),
  force: opt(goBool),
  installed: opt(goBool),
  updateStrategy: opt(goString),
  atomic: opt(goBool),
  rollbackOnFailure: opt(goBool),
  cleanupOnFail: opt(goBool),
  forceConflicts: opt(goBool),
  historyMax: opt(goInt),
  condition: opt(goString),
  createNamespace: opt(goBool),
  reuseValues: opt(goBool),
  disableOpenAPIValidation: opt(goBool),
  disableValidation: opt(goBool),
  disableValidationOnInstall: opt(goBool),
  missingFileHandler: opt(goString),
  missingFileHandlerConfig: opt(missingFileHandlerConfig),
  needs: stringList2,
  hooks: opt(import_zod.z.array(hook)),
  unitTests: stringList2,
  name: opt(goString),
  description: opt(goString),
  namespace: opt(goString),
  labels: stringMap,
  values: anyList,
  secrets: anyList,
  set: opt(import_zod.z.array(setValue)),
  setString: opt(import_zod.z.array(setValue)),
  valuesTemplate: anyList,
  setTemplate: opt(import_zod.z.array(setValue)),
  apiVersions: stringList2,
  kubeVersion: opt(goString),
  env: opt(import_zod.z.array(setValue)),
  valuesPathPrefix: opt(goString),
  kubeContext: opt(goString),
  insecureSkipTLSVerify: opt(goBool),
  plainHttp: opt(goBool),
  verifyTemplate: opt(goString),
  waitTemplate: opt(goString),
  installedTemplate: opt(goString),
  conditionTemplate: opt(goString),
  dependencies: opt(import_zod.z.array(dependency)),
  jsonPatches: anyList,
  strategicMergePatches: anyList,
  transformers: anyList,
  adopt: stringList2,
  forceGoGetter: opt(goBool),
  forceNamespace: opt(goString),
  skipDeps: opt(goBool),
  skipRefresh: opt(goBool),
  postRenderer: opt(goString),
  skipSchemaValidation: opt(goBool),
  postRendererArgs: stringList2,
  cascade: opt(goString),
  suppressOutputLineRegex: stringList2,
  disableAutoDetectedKubeVersionForDiff: opt(goBool),
  inherit: inherits,
  suppressDiff: opt(goBool),
  deleteWait: opt(goBool),
  deleteTimeout: opt(goInt),
  syncReleaseLabels: opt(goBool),
  takeOwnership: opt(goBool),
  serverSide: opt(goString),
  trackMode: opt(goString),
  trackTimeout: opt(goInt),
  trackLogs: opt(goBool),
  trackFailedLogs: opt(goBool),
  helmStuckGrace: opt(goInt),
  trackKinds: stringList2,
  skipKinds: stringList2,
  trackResources: opt(import_zod.z.array(trackResource)),
  kubedogQPS: opt(goFloat),
  kubedogBurst: opt(goInt),
  trackFailOnError: opt(goBool)
};
var releaseSchema = import_zod.z.strictObject(releaseFields);
var helmDefaultsSchema = import_zod.z.strictObject({
  kubeContext: opt(goString),
  args: stringList2,
  diffArgs: stringList2,
  syncArgs: stringList2,
  templateArgs: stringList2,
  verify: opt(goBool),
  keyring: opt(goString),
  enableDNS: opt(goBool),
  skipSchemaValidation: opt(goBool),
  devel: opt(goBool),
  wait: opt(goBool),
  waitRetries: opt(goInt),
  waitForJobs: opt(goBool),
  timeout: opt(goInt),
  recreatePods: opt(goBool),
  force: opt(goBool),
  atomic: opt(goBool),
  rollbackOnFailure: opt(goBool),
  cleanupOnFail: opt(goBool),
  forceConflicts: opt(goBool),
  historyMax: opt(goInt),
  createNamespace: opt(goBool),
  skipCRDs: opt(goBool),
  skipDeps: opt(goBool),
  skipRefresh: opt(goBool),
  reuseValues: opt(goBool),
  postRenderer: opt(goString),
  postRendererArgs: stringList2,
  cascade: opt(goString),
  suppressOutputLineRegex: stringList2,
  disableAutoDetectedKubeVersionForDiff: opt(goBool),
  disableValidation: opt(goBool),
  disableOpenAPIValidation: opt(goBool),
  insecureSkipTLSVerify: opt(goBool),
  plainHttp: opt(goBool),
  deleteWait: opt(goBool),
  deleteTimeout: opt(goInt),
  syncReleaseLabels: opt(goBool),
  takeOwnership: opt(goBool),
  serverSide: opt(goString),
  trackMode: opt(goString),
  helmStuckGrace: opt(goInt)
});
var environmentSpecSchema = import_zod.z.strictObject({
  values: anyList,
  secrets: stringList2,
  kubeContext: opt(goString),
  missingFileHandler: opt(goString),
  missingFileHandlerConfig: opt(missingFileHandlerConfig),
  mergeStrategy: opt(goString)
});
var subHelmfileObject = import_zod.z.strictObject({
  path: opt(goString),
  selectors: import_zod.z.preprocess((v) => v, import_zod.z.array(goString).nullable().optional()),
  selectorsInherited: opt(goBool),
  inherits: stringList2,
  values: anyList
}).superRefine((hf, ctx) => {
  if (hf.selectors !== void 0 && hf.selectors !== null && (hf.path ?? "") === "") {
    ctx.addIssue({
      code: "custom",
      message: `found 'selectors' definition without path: [${hf.selectors.join(" ")}]`
    });
  }
  if (hf.selectorsInherited === true && (hf.selectors ?? []).length > 0) {
    ctx.addIssue({
      code: "custom",
      message: `you cannot use 'SelectorsInherited: true' along with and explicit selector for path: ${hf.path ?? ""}`
    });
  }
  if ((hf.inherits ?? []).length > 0 && (hf.path ?? "") === "") {
    ctx.addIssue({
      code: "custom",
      message: `found 'inherits' definition without path: [${(hf.inherits ?? []).join(" ")}]`
    });
  }
  for (const key of hf.inherits ?? []) {
    if (!INHERIT_KEYS.includes(key)) {
      ctx.addIssue({
        code: "custom",
        path: ["inherits"],
        message: `invalid inherits entry "${key}" for path "${hf.path ?? ""}": allowed values are [${INHERIT_KEYS.join(" ")}]`
      });
    }
  }
});
var INHERIT_KEYS = [
  "repositories",
  "helmDefaults",
  "commonLabels",
  "apiVersions",
  "kubeVersion",
  "templates",
  "environments"
];
var subHelmfile = import_zod.z.preprocess((v) => typeof v === "string" ? { path: v } : v, subHelmfileObject);
var repositorySchema = import_zod.z.strictObject({
  name: opt(goString),
  url: opt(goString),
  caFile: opt(goString),
  certFile: opt(goString),
  keyFile: opt(goString),
  username: opt(goString),
  password: opt(goString),
  registryConfig: opt(goString),
  managed: opt(goString),
  oci: opt(goBool),
  verify: opt(goBool),
  keyring: opt(goString),
  passCredentials: opt(goBool),
  skipTLSVerify: opt(goBool),
  plainHttp: opt(goBool)
});
var defaultInherit = import_zod.z.preprocess((v) => {
  if (v === null || v === void 0) return void 0;
  const list2 = Array.isArray(v) ? v : [v];
  const out = list2.map((x) => typeof x === "string" ? x.trim() : x).filter((x) => x !== "");
  return out.length === 0 ? void 0 : out;
}, import_zod.z.array(import_zod.z.string()).optional());
var stateSchema = import_zod.z.strictObject({
  helmBinary: opt(goString),
  kustomizeBinary: opt(goString),
  values: anyList,
  environments: opt(
    import_zod.z.record(
      import_zod.z.string(),
      import_zod.z.preprocess((v) => v === null ? {} : v, environmentSpecSchema)
    )
  ),
  bases: stringList2,
  helmDefaults: opt(helmDefaultsSchema),
  helmfiles: opt(import_zod.z.array(subHelmfile)),
  kubeContext: opt(goString),
  namespace: opt(goString),
  chart: opt(goString),
  repositories: opt(import_zod.z.array(repositorySchema)),
  commonLabels: stringMap,
  releases: opt(import_zod.z.array(releaseSchema)),
  llm: opt(anyValue),
  apiVersions: stringList2,
  kubeVersion: opt(goString),
  hooks: opt(import_zod.z.array(hook)),
  templates: opt(
    import_zod.z.record(
      import_zod.z.string(),
      import_zod.z.preprocess((v) => v === null ? {} : v, releaseSchema)
    )
  ),
  defaultInherit,
  missingFileHandler: opt(goString),
  missingFileHandlerConfig: opt(missingFileHandlerConfig),
  lockFilePath: opt(goString)
});

// src/load/parse-state.ts
function describe(v) {
  if (v === null || v === void 0) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "a map";
  return `${typeof v === "bigint" ? "an int" : typeof v} ${String(v)}`;
}
function valueAtPath(root, path) {
  let cur = root;
  for (const p of path) {
    if (cur === null || typeof cur !== "object") return void 0;
    cur = cur[p];
  }
  return cur;
}
function issueToError(issue, doc, file, index) {
  let keyPath = issue.path.filter((p) => typeof p !== "symbol");
  let message = issue.message;
  let expected;
  let found;
  let code = "LOAD_SCHEMA";
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    keyPath = [...keyPath, key];
    code = "LOAD_UNKNOWN_KEY";
    message = `unknown key ${JSON.stringify(key)} in document ${index}`;
  } else if (issue.code === "invalid_type") {
    code = "LOAD_WRONG_TYPE";
    expected = issue.expected;
    found = describe(valueAtPath(doc.value, keyPath));
    message = `wrong type in document ${index}`;
  } else if (issue.code === "custom") {
    code = "LOAD_INVALID";
    message = issue.message;
  }
  const pos = doc.locate(keyPath) ?? doc.locate(keyPath.slice(0, -1));
  return new LoadError(code, message, {
    file,
    ...pos === void 0 ? {} : { line: pos.line, column: pos.column },
    keyPath,
    ...expected === void 0 ? {} : { expected },
    ...found === void 0 ? {} : { found }
  });
}
function parseStatePart(content, file, version) {
  let docs;
  try {
    docs = decodeStateDocuments(content, file, version);
  } catch (err) {
    if (isHelmfileError(err)) {
      const hint = file.endsWith(".gotmpl") ? "" : " (templates in state files need the .gotmpl extension since helmfile v1)";
      throw new LoadError("LOAD_BAD_YAML", `${err.detail}${hint}`, {
        file,
        ...err.line === void 0 ? {} : { line: err.line },
        ...err.column === void 0 ? {} : { column: err.column },
        ...err.keyPath === void 0 ? {} : { keyPath: err.keyPath },
        cause: err
      });
    }
    throw err;
  }
  let state = {};
  docs.forEach((doc, i) => {
    if (doc.value === null) return;
    const parsed = stateSchema.safeParse(doc.value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      if (first !== void 0) throw issueToError(first, doc, file, i + 1);
      throw new LoadError("LOAD_SCHEMA", "invalid state document", { file });
    }
    state = mergeStructs(state, parsed.data, { override: true, appendSlice: true });
  });
  return state;
}

// src/load/state-creator.ts
function loadBases(spec, loc, envValues, loadBase) {
  const layers = (spec.bases ?? []).map((b) => loadBase(envValues, loc, b));
  layers.push(spec);
  let result = layers[0];
  for (const layer of layers.slice(1)) {
    const envs = mergeEnvironmentSpecs(
      result.environments ?? {},
      layer.environments ?? {}
    );
    const { environments: _drop, ...rest } = layer;
    void _drop;
    result = { ...mergeStructs(result, rest, { override: true, appendSlice: true }), environments: envs };
  }
  return result;
}
function withDecryptedFiles(fs, decrypted) {
  if (decrypted.size === 0) return fs;
  return {
    readFile: (p) => decrypted.get(p) ?? fs.readFile(p),
    readBytes: (p) => {
      const d = decrypted.get(p);
      return d === void 0 ? fs.readBytes(p) : new TextEncoder().encode(d);
    },
    exists: (p) => decrypted.has(p) || fs.exists(p),
    isDirectory: (p) => fs.isDirectory(p),
    isFile: (p) => decrypted.has(p) || fs.isFile(p),
    readDir: (p) => fs.readDir(p),
    glob: (p) => fs.glob(p)
  };
}
function loadEnvSecrets(ctx, spec, envSpec, loc, hclSecrets) {
  let secretVals = newMap();
  const handler = envSpec.missingFileHandler ?? spec.missingFileHandler ?? "Error";
  for (const path of envSpec.secrets ?? []) {
    const { files, skipped } = resolveFile(ctx.fs, ctx.logger, loc, handler, "environment values", path);
    if (skipped) continue;
    for (const f of files) {
      if (f.endsWith(".hcl")) {
        hclSecrets.set(f, ctx.secrets.decryptFile(f));
        continue;
      }
      const decoded2 = decodeValuesYaml(ctx.secrets.decryptFile(f), f, ctx.yamlVersion);
      if (decoded2 !== null && !isMap(decoded2)) {
        throw new LoadError(
          "LOAD_WRONG_TYPE",
          `failed to load environment secrets file "${path}": expected a map`,
          { file: f }
        );
      }
      if (decoded2 !== null) secretVals = mergoOverride(secretVals, decoded2);
    }
  }
  return secretVals;
}
function loadEnvValues(ctx, spec, loc, name, ctxEnv) {
  const envSpec = spec.environments?.[name];
  let values = newMap();
  if (envSpec !== void 0) {
    const hclSecrets = /* @__PURE__ */ new Map();
    const secretVals = loadEnvSecrets(ctx, spec, envSpec, loc, hclSecrets);
    values = loadEnvironmentValues(
      hclSecrets.size === 0 ? ctx : { ...ctx, fs: withDecryptedFiles(ctx.fs, hclSecrets) },
      {
        loc,
        missingFileHandler: envSpec.missingFileHandler,
        entries: [...envSpec.values ?? [], ...hclSecrets.keys()],
        ctxEnv: mergeEnvironments(ctxEnv, void 0),
        envName: name,
        mergeStrategy: envSpec.mergeStrategy ?? ""
      }
    );
    values = mergoOverride(values, secretVals);
  }
  const env = { ...newEnvironment(name, envSpec?.kubeContext ?? ""), values };
  if (ctxEnv === void 0) return env;
  return {
    name: ctxEnv.name !== "" ? ctxEnv.name : env.name,
    kubeContext: ctxEnv.kubeContext !== "" ? ctxEnv.kubeContext : env.kubeContext,
    defaults: mergeValues(ctxEnv.defaults, env.defaults),
    values: mergeValues(ctxEnv.values, env.values),
    cliOverrides: mergeValues(env.cliOverrides, ctxEnv.cliOverrides, { arrays: "merge" })
  };
}
function failedToRead(loc, err) {
  return isHelmfileError(err) ? rewrapError(err, `failed to read ${loc.displayFile}: ${err.detail}`) : err;
}
function parseAndLoad(ctx, content, loc, file, evaluateBases, ctxEnv, loadBase) {
  let spec = parseStatePart(content, file, ctx.yamlVersion);
  if (!evaluateBases) {
    if ((spec.bases ?? []).length > 0) {
      throw new LoadError(
        "LOAD_NESTED_BASES",
        "nested `base` helmfile is unsupported. please submit a feature request if you need this!",
        {
          file,
          keyPath: ["bases"]
        }
      );
    }
  } else {
    spec = loadBases(spec, loc, ctxEnv, loadBase);
  }
  let env;
  try {
    env = loadEnvValues(ctx, spec, loc, ctx.envName, ctxEnv);
  } catch (err) {
    throw failedToRead(loc, err);
  }
  const defaults = loadEnvironmentValues(ctx, {
    loc,
    missingFileHandler: void 0,
    entries: spec.values ?? [],
    ctxEnv,
    envName: ctx.envName,
    mergeStrategy: ""
  });
  env = { ...env, defaults: mergoOverride(env.defaults, defaults) };
  return { spec, env, values: getMergedValues(env) };
}

// src/load/policy.ts
var TOP_KEY = /^[a-zA-Z]+:/;
var SEPARATOR = /^--- *$/;
var PRIORITY = { bases: 0, environments: 0, releases: 1 };
function topKeys(content, withSeparators) {
  const out = [];
  for (const raw of content.split("\n")) {
    const line = raw.replace(/\s+$/, "");
    if (line === "") continue;
    if (withSeparators && SEPARATOR.test(line)) out.push(line);
    if (TOP_KEY.test(line)) out.push(line.split(":", 1)[0]);
  }
  return out;
}
function checkStatePolicy(file, content) {
  const keys = topKeys(content, false);
  if (keys.length === 0) {
    throw new LoadError("LOAD_POLICY_NO_KEYS", `no top-level config keys are found in ${file}`, { file });
  }
  const ordered = keys.filter((k) => k in PRIORITY);
  for (let i = 1; i < ordered.length; i++) {
    const prev = ordered[i - 1];
    const cur = ordered[i];
    if ((PRIORITY[prev] ?? 0) > (PRIORITY[cur] ?? 0)) {
      throw new LoadError(
        "LOAD_POLICY_KEY_ORDER",
        `top-level config key ${cur} must be defined before ${prev} in ${file}`,
        { file, keyPath: [cur] }
      );
    }
  }
  const seen = /* @__PURE__ */ new Set();
  const sequence = [];
  for (const k of topKeys(content, true)) {
    if (k !== "environments" && k !== "releases" && !SEPARATOR.test(k)) continue;
    const key = SEPARATOR.test(k) ? "---" : k;
    if (seen.has(key)) continue;
    sequence.push(key);
    if (key !== "---") seen.add(key);
  }
  for (let i = 0; i + 1 < sequence.length; i++) {
    if (sequence[i] !== "---" && sequence[i + 1] !== "---") {
      throw new LoadError(
        "LOAD_POLICY_ENV_WITH_RELEASES",
        "environments and releases cannot be defined within the same YAML part. Use --- to extract the environments into a dedicated part",
        { file }
      );
    }
  }
}

// src/load/state-file-loader.ts
var UndefinedEnvironmentError = class extends LoadError {
};
function undefinedEnv(loc, env) {
  return new UndefinedEnvironmentError(
    "LOAD_UNDEFINED_ENVIRONMENT",
    `failed to read ${loc.displayFile}: environment "${env}" is not defined`,
    {
      file: loc.displayFile
    }
  );
}
function renderPart(ctx, part, loc, id, env, overrode) {
  const inherited = env === void 0 && overrode === void 0 ? { ...emptyEnv(ctx.envName) } : env;
  const finalEnv = mergeEnvironments(mergeEnvironments(inherited, void 0), overrode) ?? emptyEnv(ctx.envName);
  const vals = getMergedValues(finalEnv);
  try {
    return renderGoTemplate(part, environmentTemplateData(finalEnv, ctx.namespace, vals), {
      name: id,
      basePath: loc.absDir,
      fs: ctx.fs,
      environ: ctx.environ,
      helperCache: ctx.helperCache,
      ...limitsAndPolicy(ctx),
      yamlVersion: ctx.yamlVersion,
      ...ctx.processRunner === void 0 ? {} : { processRunner: ctx.processRunner },
      logger: ctx.logger
    });
  } catch (err) {
    throw wrapError(`error during ${id} parsing`, err);
  }
}
function emptyEnv(name) {
  return {
    name,
    kubeContext: "",
    defaults: /* @__PURE__ */ Object.create(null),
    values: /* @__PURE__ */ Object.create(null),
    cliOverrides: /* @__PURE__ */ Object.create(null)
  };
}
function expandHelmfiles(ctx, spec, loc) {
  const out = [];
  for (const hf of spec.helmfiles ?? []) {
    const path = hf.path ?? "";
    if (isRemotePath(path)) {
      if (ctx.policy !== void 0) checkRemoteAllowed(ctx.policy, path, loc.displayFile);
      out.push(hf);
      continue;
    }
    const matches = expandPaths(ctx.fs, loc, path);
    if (matches.length === 0) {
      if ((spec.missingFileHandler ?? "Error") === "Error") {
        throw new LoadError("LOAD_MISSING_FILE", `no matches for path: ${path}`, { keyPath: ["helmfiles"] });
      }
      ctx.logger.warn(`no matches for path: ${path}`);
      continue;
    }
    for (const m of matches) out.push({ ...hf, path: m });
  }
  return out;
}
function loadBaseSpec(ctx, envValues, loc, file, including) {
  if (isRemotePath(file)) {
    if (ctx.policy !== void 0) checkRemoteAllowed(ctx.policy, file, including);
    throw new LoadError(
      "LOAD_REMOTE_UNSUPPORTED",
      `remote base "${file}" cannot be fetched: go-getter URLs are not supported`,
      {
        keyPath: ["bases"],
        found: file
      }
    );
  }
  const abs = isAbsolute3(file) ? file : joinPath(loc.absDir, file);
  if (abs === including) {
    throw new LoadError("LOAD_CYCLIC_BASES", `${loc.displayFile} lists itself under bases`, {
      file: including,
      keyPath: ["bases"],
      found: file
    });
  }
  const display = isAbsolute3(file) ? file : joinPath(loc.displayDir, file);
  return loadStateFile(ctx, envValues, void 0, { ...loc, displayFile: display }, abs, false).spec;
}
function mergePart(acc, part, helmfiles) {
  if (acc === void 0) return { spec: part.spec, env: part.env, values: part.values, helmfiles };
  const spec = mergeStructs(acc.spec, part.spec, { override: true, appendSlice: false });
  const env = {
    name: part.env.name !== "" ? part.env.name : acc.env.name,
    kubeContext: part.env.kubeContext !== "" ? part.env.kubeContext : acc.env.kubeContext,
    values: mergoOverride(acc.env.values, part.env.values),
    defaults: mergoOverride(acc.env.defaults, part.env.defaults),
    cliOverrides: mergoOverride(acc.env.cliOverrides, part.env.cliOverrides)
  };
  return { spec, env, values: part.values, helmfiles: helmfiles.length > 0 ? helmfiles : acc.helmfiles };
}
function validateUpdateStrategies(loc, spec) {
  (spec.releases ?? []).forEach((r, i) => {
    const s = r.updateStrategy ?? "";
    if (s !== "" && s !== "reinstallIfForbidden") {
      throw new LoadError(
        "LOAD_BAD_UPDATE_STRATEGY",
        `failed to read ${loc.displayFile}: updateStrategy "${s}" is invalid, valid values are: reinstallIfForbidden or not set`,
        {
          file: loc.displayFile,
          keyPath: ["releases", i, "updateStrategy"],
          expected: "reinstallIfForbidden",
          found: s
        }
      );
    }
  });
}
function loadStateFile(ctx, inheritedEnv, overrodeEnv, loc, absFile, evaluateBases, expand = true) {
  ctx.onStateRead?.(loc.displayFile);
  const content = ctx.fs.readFile(absFile).replace(/\r\n/g, "\n");
  if (expand) checkStatePolicy(loc.displayFile, content);
  const parts = content.split("\n---\n");
  const hasEnv = inheritedEnv !== void 0 || overrodeEnv !== void 0;
  const shouldRender = extName(absFile) === ".gotmpl" || ctx.renderYaml;
  let env = inheritedEnv;
  let acc;
  parts.forEach((part, i) => {
    const id = `${loc.displayFile}.part.${i}`;
    const raw = shouldRender ? renderPart(ctx, part, loc, id, env, overrodeEnv) : part;
    const merged = mergeEnvironments(env, overrodeEnv);
    const loaded = parseAndLoad(
      ctx,
      raw,
      loc,
      absFile,
      evaluateBases,
      merged,
      (ev, l, f) => loadBaseSpec(ctx, ev, l, f, absFile)
    );
    acc = mergePart(
      acc,
      loaded,
      expand ? expandHelmfiles(ctx, loaded.spec, loc) : [...loaded.spec.helmfiles ?? []]
    );
    env = acc.env;
    const envs = acc.spec.environments ?? {};
    if (expand && Object.keys(envs).length > 0 && evaluateBases && env.name !== "default" && !(env.name in envs)) {
      throw undefinedEnv(loc, env.name);
    }
  });
  const final = acc;
  let spec = final.spec;
  if (evaluateBases) {
    spec = {
      ...spec,
      helmBinary: ctx.helmBinary !== "" && ctx.helmBinary !== "helm" ? ctx.helmBinary : spec.helmBinary || "helm",
      kustomizeBinary: ctx.kustomizeBinary !== "" && ctx.kustomizeBinary !== "kustomize" ? ctx.kustomizeBinary : spec.kustomizeBinary || "kustomize"
    };
  }
  if (expand && Object.keys(spec.environments ?? {}).length === 0 && evaluateBases && !hasEnv && final.env.name !== "default") {
    throw undefinedEnv(loc, final.env.name);
  }
  validateUpdateStrategies(loc, spec);
  final.helmfiles.forEach((h, i) => {
    if (h.path === absFile || h.path === loc.displayDir || h.path === ".") {
      throw new LoadError(
        "LOAD_SUBHELMFILE_RECURSION",
        `${loc.displayFile} contains a recursion into the same sub-helmfile at helmfiles[${i}]`,
        {
          file: absFile,
          keyPath: ["helmfiles", i]
        }
      );
    }
  });
  return { loc, absFile, spec, env: final.env, values: final.values, helmfiles: final.helmfiles };
}

// src/load/visit.ts
var NoMatchingReleaseError = class extends LoadError {
};
function findDesiredStateFiles(ctx, cwd, specified, reverse) {
  let dir;
  if (specified !== void 0 && isRemotePath(specified)) {
    throw new LoadError(
      "LOAD_REMOTE_UNSUPPORTED",
      `remote state file "${specified}" cannot be fetched: go-getter URLs are not supported`,
      {
        found: specified,
        expected: "a local file or directory"
      }
    );
  }
  if (specified !== void 0 && specified !== "") {
    const abs = isAbsolute3(specified) ? specified : joinPath(cwd, specified);
    if (ctx.fs.isFile(abs)) return [specified];
    if (!ctx.fs.isDirectory(abs))
      throw new LoadError("LOAD_STATE_NOT_FOUND", `specified state file ${specified} is not found`, {
        file: specified
      });
    dir = specified;
  } else {
    const hasYaml = ctx.fs.isFile(joinPath(cwd, "helmfile.yaml"));
    const hasGotmpl = ctx.fs.isFile(joinPath(cwd, "helmfile.yaml.gotmpl"));
    if (hasYaml && hasGotmpl) {
      throw new LoadError(
        "LOAD_STATE_CONFLICT",
        "both helmfile.yaml and helmfile.yaml.gotmpl exist. Please remove one of them"
      );
    }
    const def = hasYaml ? "helmfile.yaml" : hasGotmpl ? "helmfile.yaml.gotmpl" : "";
    if (ctx.fs.isDirectory(joinPath(cwd, "helmfile.d"))) {
      if (def !== "")
        throw new LoadError(
          "LOAD_STATE_CONFLICT",
          `configuration conlict error: you can have either ${def} or helmfile.d, but not both`
        );
      dir = "helmfile.d";
    } else if (def !== "") return [def];
    else {
      throw new LoadError(
        "LOAD_STATE_NOT_FOUND",
        "no state file found. It must be named helmfile.d/*.{yaml,yml,yaml.gotmpl,yml.gotmpl}, helmfile.yaml, or helmfile.yaml.gotmpl, otherwise specified with the --file flag or HELMFILE_FILE_PATH environment variable"
      );
    }
  }
  const absDir = isAbsolute3(dir) ? dir : joinPath(cwd, dir);
  const names = ctx.fs.readDir(absDir).filter((n) => /^[^/]*\.y[^/]*ml$/.test(n) || /^[^/]*\.y[^/]*ml\.gotmpl$/.test(n)).filter((n) => ctx.fs.isFile(joinPath(absDir, n)));
  const files = names.map((n) => joinPath(dir, n)).sort();
  return reverse ? files.reverse() : files;
}
function overrodeEnvironment(ctx, opts, cwd) {
  if (opts.overrideValues.length === 0 && opts.cliSetValues === void 0) return void 0;
  const callee = opts.calleePath ?? joinPath(cwd, "_");
  const loc = {
    absDir: dirName(callee),
    displayDir: dirName(opts.calleePath ?? "."),
    displayFile: callee
  };
  const base = newEnvironment(ctx.envName);
  const load = (entries) => loadEnvironmentValues(ctx, {
    loc,
    missingFileHandler: "Error",
    entries,
    ctxEnv: newEnvironment(ctx.envName),
    envName: ctx.envName,
    mergeStrategy: ""
  });
  return {
    ...base,
    values: opts.overrideValues.length > 0 ? load(opts.overrideValues) : newMap(),
    cliOverrides: opts.cliSetValues !== void 0 ? load([opts.cliSetValues]) : newMap()
  };
}
function applyCliOverrides(ctx, st) {
  let spec = st.spec;
  if (ctx.kubeContext !== "") {
    if ((spec.kubeContext ?? "") !== "")
      throw new LoadError(
        "LOAD_FLAG_CONFLICT",
        "err: Cannot use option --kube-context and set attribute kubeContext."
      );
    spec = {
      ...spec,
      kubeContext: ctx.kubeContext,
      helmDefaults: { ...spec.helmDefaults ?? {}, kubeContext: ctx.kubeContext }
    };
  }
  if (ctx.namespace !== "") {
    if ((spec.namespace ?? "") !== "")
      throw new LoadError(
        "LOAD_FLAG_CONFLICT",
        "err: Cannot use option --namespace and set attribute namespace."
      );
    spec = { ...spec, namespace: ctx.namespace };
  }
  if (ctx.chart !== "") {
    if ((spec.chart ?? "") !== "")
      throw new LoadError("LOAD_FLAG_CONFLICT", "err: Cannot use option --chart and set attribute chart.");
    spec = { ...spec, chart: ctx.chart };
  }
  return { ...st, spec };
}
function loadDesired(ctx, cwd, relPath, single, opts) {
  const abs = isAbsolute3(relPath) ? relPath : joinPath(cwd, relPath);
  const loc = single ? { absDir: dirName(abs), displayDir: ".", displayFile: baseName(abs) } : { absDir: dirName(abs), displayDir: dirName(abs), displayFile: abs };
  const callee = single ? abs : joinPath(cwd, baseName(abs));
  const calleeOpts = opts.calleePath === void 0 ? { ...opts, calleePath: callee } : opts;
  const overrode = overrodeEnvironment(ctx, calleeOpts, cwd);
  let st = loadStateFile(ctx, opts.inherited?.env, overrode, loc, abs, true);
  if (opts.inherited !== void 0) st = { ...st, spec: mergeInherited(st.spec, opts.inherited) };
  if (opts.reverse)
    st = {
      ...st,
      spec: { ...st.spec, releases: [...st.spec.releases ?? []].reverse() },
      helmfiles: [...st.helmfiles].reverse()
    };
  return applyCliOverrides(ctx, st);
}
function visitNested(ctx, st, opts, cliSelectors, converge) {
  let matched = false;
  st.helmfiles.forEach((m, i) => {
    if (subhelmfileSelectorsConflict(cliSelectors, m)) return;
    const inherit = (m.selectors === void 0 || m.selectors === null) && !ctx.explicitSelectorInheritance || m.selectorsInherited === true;
    const nested = {
      calleePath: st.absFile,
      overrideValues: m.values ?? [],
      selectors: inherit ? opts.selectors : m.selectors ?? [],
      reverse: opts.reverse,
      ...(m.inherits ?? []).length > 0 ? { inherited: buildInheritedConfig(st.spec, st.env, m.inherits ?? []) } : {}
    };
    try {
      visitStates(ctx, st.loc.absDir, m.path ?? "", nested, cliSelectors, converge);
      matched = true;
    } catch (err) {
      if (err instanceof NoMatchingReleaseError) return;
      throw wrapError(`in .helmfiles[${i}]`, err);
    }
  });
  return matched;
}
function visitStates(ctx, cwd, fileOrDir, opts, cliSelectors, converge) {
  let noMatch = true;
  const files = findDesiredStateFiles(ctx, cwd, fileOrDir, opts.reverse);
  const single = files.length <= 1;
  for (const relPath of files) {
    const prefix = `in ${dirName(relPath)}/${baseName(relPath)}`;
    try {
      let st;
      try {
        st = loadDesired(ctx, cwd, relPath, single, opts);
      } catch (err) {
        if (err instanceof UndefinedEnvironmentError) continue;
        throw err;
      }
      if (!opts.reverse && st.helmfiles.length > 0 && visitNested(ctx, st, opts, cliSelectors, converge))
        noMatch = false;
      const processed = converge(st, opts.selectors);
      if (processed) noMatch = false;
      if (opts.reverse && st.helmfiles.length > 0 && visitNested(ctx, st, opts, cliSelectors, converge))
        noMatch = false;
    } catch (err) {
      if (err instanceof NoMatchingReleaseError) throw err;
      throw wrapError(prefix, err);
    }
  }
  if (noMatch) {
    throw new NoMatchingReleaseError(
      "LOAD_NO_MATCHING_RELEASE",
      `err: no releases found that matches specified selector(${cliSelectors.join(", ")}) and environment(${ctx.envName}), in any helmfile`
    );
  }
}

// src/load/needs-graph.ts
function checkNeedsCycles(releases, file) {
  const byId = /* @__PURE__ */ new Map();
  for (const r of releases) byId.set(releaseId(r), r);
  const state = /* @__PURE__ */ new Map();
  const visit = (id, chain) => {
    const s = state.get(id);
    if (s === "done") return;
    if (s === "visiting") {
      const cycle = [...chain.slice(chain.indexOf(id)), id];
      throw new LoadError("LOAD_CYCLIC_NEEDS", `cyclic needs detected: ${cycle.join(" -> ")}`, {
        file,
        found: cycle.join(" -> ")
      });
    }
    state.set(id, "visiting");
    for (const n of byId.get(id)?.needs ?? []) if (byId.has(n)) visit(n, [...chain, id]);
    state.set(id, "done");
  };
  for (const id of byId.keys()) visit(id, []);
}

// src/load/build-document.ts
var HELM_DEFAULTS_ALWAYS = /* @__PURE__ */ new Set([
  "verify",
  "enableDNS",
  "devel",
  "wait",
  "waitRetries",
  "waitForJobs",
  "timeout",
  "recreatePods",
  "force",
  "atomic",
  "rollbackOnFailure",
  "forceConflicts",
  "skipDeps",
  "skipRefresh",
  "reuseValues"
]);
var HELM_DEFAULT_ZERO = {
  verify: false,
  enableDNS: false,
  devel: false,
  wait: false,
  waitRetries: 0n,
  waitForJobs: false,
  timeout: 0n,
  recreatePods: false,
  force: false,
  atomic: false,
  rollbackOnFailure: false,
  forceConflicts: false,
  skipDeps: false,
  skipRefresh: false,
  reuseValues: false
};
var PLAIN_ZERO_DROPPED = /* @__PURE__ */ new Set([
  "insecureSkipTLSVerify",
  "plainHttp",
  "forceGoGetter",
  "selectorsInherited",
  "oci",
  "verify",
  "passCredentials",
  "skipTLSVerify"
]);
function isEmpty3(v) {
  if (v === void 0 || v === null || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === "object" && !(v instanceof YamlOrderedMap)) return Object.keys(v).length === 0;
  return false;
}
function anyValue2(v) {
  if (Array.isArray(v)) return v.map(anyValue2);
  if (typeof v === "object" && v !== null && !(v instanceof YamlOrderedMap)) {
    const out = {};
    for (const [k, x] of Object.entries(v))
      if (x !== void 0) out[k] = anyValue2(x);
    return out;
  }
  return v ?? null;
}
function struct3(order, obj, convert, keep = () => false) {
  const entries = [];
  for (const k of order) {
    const v = obj[k];
    if (!keep(k) && (isEmpty3(v) || PLAIN_ZERO_DROPPED.has(k) && v === false)) continue;
    entries.push([k, convert(k, v)]);
  }
  return new YamlOrderedMap(entries);
}
var RELEASE_ORDER = Object.keys(releaseSchema.shape);
var SET_ORDER = ["name", "value", "file", "values"];
var REPOSITORY_ORDER = [
  "name",
  "url",
  "caFile",
  "certFile",
  "keyFile",
  "username",
  "password",
  "registryConfig",
  "managed",
  "oci",
  "verify",
  "keyring",
  "passCredentials",
  "skipTLSVerify",
  "plainHttp"
];
function releaseDoc(r) {
  return struct3(RELEASE_ORDER, r, (k, v) => {
    if ((k === "set" || k === "setString" || k === "setTemplate" || k === "env") && Array.isArray(v)) {
      return v.map((s) => struct3(SET_ORDER, s, (_k, x) => anyValue2(x)));
    }
    if (k === "inherit" && Array.isArray(v))
      return v.map(
        (s) => struct3(["template", "except"], s, (_k, x) => anyValue2(x))
      );
    if (k === "missingFileHandlerConfig")
      return struct3(["ignoreMissingGitBranch"], v, (_k, x) => anyValue2(x));
    return anyValue2(v);
  });
}
function helmDefaultsDoc(h) {
  return struct3(
    Object.keys(helmDefaultsSchema.shape),
    h,
    (k, v) => anyValue2(v ?? HELM_DEFAULT_ZERO[k] ?? null),
    (k) => HELM_DEFAULTS_ALWAYS.has(k)
  );
}
function buildDocument(spec, releases, filePath, renderedValues) {
  const full = { ...spec, releases };
  const body = struct3(
    Object.keys(stateSchema.shape),
    full,
    (k, v) => {
      if (k === "releases") return v.map(releaseDoc);
      if (k === "helmDefaults") return helmDefaultsDoc(v);
      if (k === "templates") {
        const out = {};
        for (const [name, t] of Object.entries(v ?? {}))
          out[name] = releaseDoc(t);
        return out;
      }
      if (k === "environments") {
        const out = {};
        for (const [name, e] of Object.entries(v)) {
          out[name] = struct3(Object.keys(environmentSpecSchema.shape), e, (_k, x) => anyValue2(x));
        }
        return out;
      }
      if (k === "helmfiles") {
        return v.map(
          (h) => struct3(
            ["path", "selectors", "selectorsInherited", "inherits", "values"],
            h,
            (_k, x) => anyValue2(x)
          )
        );
      }
      if (k === "repositories")
        return v.map(
          (r) => struct3(REPOSITORY_ORDER, r, (_k, x) => anyValue2(x))
        );
      return anyValue2(v);
    },
    (k) => k === "templates" || k === "helmDefaults" && !isEmpty3(full.helmDefaults)
  );
  return new YamlOrderedMap([
    ["filepath", filePath],
    ...body.entries,
    ["renderedvalues", renderedValues]
  ]);
}
function buildDocumentValue(doc, version) {
  return orderedValue(doc, version);
}
function orderedValue(v, version) {
  if (v instanceof YamlOrderedMap) {
    const out = newMap();
    for (const [k, x] of v.entries) out[k] = orderedValue(x, version);
    return out;
  }
  if (Array.isArray(v)) return v.map((x) => orderedValue(x, version));
  if (typeof v === "object" && v !== null && !(v instanceof YamlRawScalar)) {
    const obj = v;
    const out = newMap();
    for (const k of sortGoYamlKeys(Object.keys(obj), version))
      out[k] = orderedValue(obj[k], version);
    return out;
  }
  return v instanceof YamlRawScalar ? v.text : v;
}

// src/load/load-desired-state.ts
function createLoaderContext(options, io) {
  return {
    fs: io.fs,
    environ: io.env,
    logger: io.logger ?? silentLogger,
    ...io.processRunner === void 0 ? {} : { processRunner: io.processRunner },
    secrets: io.secrets ?? noSecretsDecryptor,
    ...io.secretResolver === void 0 ? {} : { secretResolver: io.secretResolver },
    envName: options.environment ?? "default",
    namespace: options.namespace ?? "",
    kubeContext: options.kubeContext ?? "",
    chart: "",
    yamlVersion: io.env.HELMFILE_GO_YAML_V3 === "false" ? "v2" : "v3",
    renderYaml: io.env.HELMFILE_RENDER_YAML === "true",
    explicitSelectorInheritance: (io.env.HELMFILE_EXPERIMENTAL ?? "").split(",").includes("explicit-selector-inheritance"),
    helmBinary: options.helmBinary ?? "",
    kustomizeBinary: "",
    helperCache: /* @__PURE__ */ new Map(),
    ...options.onStateRead === void 0 ? {} : { onStateRead: options.onStateRead },
    limits: resolveLimits(options.limits, io.env),
    policy: resolvePolicy(
      options.disableInsecureFeatures === void 0 ? {} : { disableInsecureFeatures: options.disableInsecureFeatures },
      io.env
    )
  };
}
function repositories(st) {
  return (st.spec.repositories ?? []).map((r) => ({
    name: r.name ?? "",
    url: r.url ?? "",
    oci: r.oci === true,
    spec: toValue(r)
  }));
}
function cliSetValues(options) {
  const set2 = options.stateValuesSet ?? [];
  const setString = options.stateValuesSetString ?? [];
  if (set2.length === 0 && setString.length === 0 && options.stateValues === void 0) return void 0;
  let m = parseCliStateValues(set2, setString);
  if (options.stateValues !== void 0) m = mergeValues(m, options.stateValues);
  return m;
}
function convergeState(ctx, options, st, selectors) {
  const templated = executeStateTemplates(ctx, st);
  const overridden = applyOverrides(st, templated);
  checkNeedsCycles(overridden, st.absFile);
  const selected = selectReleases(
    labelReleases(st, overridden),
    selectors,
    st.values,
    options.includeTransitiveNeeds === true
  );
  checkDuplicates(
    selected.map((r) => r.spec),
    st.absFile
  );
  const view = {
    loc: st.loc,
    absFile: st.absFile,
    spec: st.spec,
    env: st.env,
    values: st.values,
    overrides: {
      kubeContext: st.spec.kubeContext ?? "",
      namespace: st.spec.namespace ?? "",
      chart: st.spec.chart ?? ""
    }
  };
  const releases = selected.map(
    (r) => prepareRelease(ctx, view, r.spec, r.labels, options.skipDeps === true)
  );
  const labelled = selected.map((r) => ({ ...r.spec, labels: r.labels }));
  const built = buildDocument(st.spec, labelled, st.loc.displayFile, st.values);
  const document = buildDocumentValue(built, ctx.yamlVersion);
  return {
    file: st.absFile,
    displayPath: st.loc.displayFile,
    environment: st.env.name,
    values: st.values,
    helmDefaults: toValue(st.spec.helmDefaults ?? {}),
    repositories: repositories(st),
    releases,
    document,
    buildYaml: encodeYaml(built, { version: ctx.yamlVersion, indent: 2 })
  };
}
function loadDesiredState(options, io) {
  const ctx = createLoaderContext(options, io);
  const states = [];
  const selectors = options.selectors ?? [];
  const files = [...options.stateValuesFiles ?? []];
  const set2 = cliSetValues(options);
  try {
    visitStates(
      ctx,
      options.cwd,
      options.file ?? "",
      {
        overrideValues: files,
        ...set2 === void 0 ? {} : { cliSetValues: set2 },
        selectors,
        reverse: options.reverse === true
      },
      selectors,
      (st, sel) => {
        const loaded = convergeState(ctx, options, st, sel);
        states.push(loaded);
        return loaded.releases.length > 0;
      }
    );
  } catch (err) {
    if (!(err instanceof NoMatchingReleaseError && options.allowNoMatchingRelease === true)) throw err;
  }
  return { states, releases: states.flatMap((s) => s.releases) };
}

// src/secrets/redact.ts
var REDACTED = "[redacted]";
function redact(text, secrets, options = {}) {
  const replacement = options.replacement ?? REDACTED;
  const minLength = Math.max(1, options.minLength ?? 1);
  const needles = /* @__PURE__ */ new Set();
  for (const s of secrets) {
    if (s.length >= minLength) needles.add(s);
    if (s.includes("\n")) {
      for (const line of s.split("\n")) {
        const t = line.trim();
        if (t.length >= Math.max(minLength, 4)) needles.add(t);
      }
    }
  }
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  let out = text;
  for (const n of ordered) {
    if (out.includes(n)) out = out.split(n).join(replacement);
  }
  return out;
}

// src/secrets/secret-registry.ts
function collectSecretStrings(value, options = {}) {
  const minLength = options.minLength ?? 4;
  const out = /* @__PURE__ */ new Set();
  const visit = (v) => {
    if (v === null || v === void 0) return;
    if (typeof v === "string" || typeof v === "number" || typeof v === "bigint") {
      const text = String(v);
      if (text.length >= minLength) out.add(text);
      return;
    }
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (typeof v === "object") {
      for (const k of Object.keys(v)) visit(v[k]);
    }
  };
  visit(value);
  return out;
}
var SecretRegistry = class {
  known = /* @__PURE__ */ new Set();
  /** Adds plaintexts (empty strings are ignored). */
  add(...secrets) {
    for (const s of secrets) if (s !== "") this.known.add(s);
  }
  /** Adds every scalar leaf of a decrypted value (see {@link collectSecretStrings}). */
  addValue(value) {
    for (const s of collectSecretStrings(value)) this.known.add(s);
  }
  /** How many secrets are known. */
  get size() {
    return this.known.size;
  }
  /**
   * True when `text` contains any known secret of three or more characters (shorter ones
   * would match nearly any text).
   */
  containsSecret(text) {
    for (const s of this.known) if (s.length >= 3 && text.includes(s)) return true;
    return false;
  }
  /** {@link redact} against every known secret. */
  redact(text, options) {
    return redact(text, this.known, options);
  }
  /** The known secrets (for callers that keep their own redaction). */
  values() {
    return this.known;
  }
};

// src/secrets/envsubst.ts
var NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
function expandBraced(body, env) {
  const m = NAME.exec(body);
  if (m === null) return "";
  const name = m[0];
  const rest = body.slice(name.length);
  const value = env[name];
  const set2 = value !== void 0;
  const nonEmpty2 = set2 && value !== "";
  const op = /^(:?[-=+])/.exec(rest);
  if (op === null) return value ?? "";
  const word = envsubst(rest.slice((op[1] ?? "").length), env);
  switch (op[1]) {
    case "-":
    case "=":
      return set2 ? value : word;
    case ":-":
    case ":=":
      return nonEmpty2 ? value : word;
    case "+":
      return set2 ? word : "";
    default:
      return nonEmpty2 ? word : "";
  }
}
function envsubst(text, env) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== "$") {
      out += c;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === "$") {
      out += "$";
      i += 2;
    } else if (next === "{") {
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === "{") depth++;
        else if (text[j] === "}") depth--;
      }
      if (depth > 0) {
        out += text.slice(i);
        break;
      }
      out += expandBraced(text.slice(i + 2, j - 1), env);
      i = j;
    } else {
      const m = NAME.exec(text.slice(i + 1));
      if (m === null) {
        out += "$";
        i++;
      } else {
        out += env[m[0]] ?? "";
        i += 1 + m[0].length;
      }
    }
  }
  return out;
}

// src/secrets/ref-backends.ts
function failure(ref, reason, file) {
  return new SecretError(
    "SECRET_REF_FAILED",
    `cannot resolve secret reference ref+${ref.backend}://${ref.path}: ${reason}`,
    file === void 0 ? {} : { file }
  );
}
function asMap2(ref, text, ctx, what, file) {
  let v;
  try {
    v = decodeYaml(text, { version: ctx.yamlVersion });
  } catch {
    throw failure(ref, `${what} is not valid YAML`, file);
  }
  if (v === null) return newMap();
  if (!isMap(v)) throw failure(ref, `${what} is not a YAML map`, file);
  return v;
}
function absolute(path, cwd) {
  return path.startsWith("/") ? path : `${cwd.replace(/\/+$/, "")}/${path.replace(/^\.\//, "")}`;
}
function readRefFile(ref, ctx) {
  const file = absolute(ref.path.replace(/\/+$/, ""), ctx.cwd);
  if (!ctx.fs.isFile(file)) throw failure(ref, `file ${file} does not exist`, file);
  return { file, text: ctx.fs.readFile(file) };
}
var fileBackend = {
  getString(ref, ctx) {
    const encode2 = ref.params.get("encode") ?? "raw";
    if (encode2 === "raw") return readRefFile(ref, ctx).text;
    if (encode2 === "base64") {
      const file = absolute(ref.path.replace(/\/+$/, ""), ctx.cwd);
      if (!ctx.fs.isFile(file)) throw failure(ref, `file ${file} does not exist`, file);
      return Buffer.from(ctx.fs.readBytes(file)).toString("base64");
    }
    throw failure(ref, `unsupported encode parameter "${encode2}" (expected raw or base64)`);
  },
  getStringMap(ref, ctx) {
    const { file, text } = readRefFile(ref, ctx);
    return asMap2(ref, text, ctx, `file ${file}`, file);
  }
};
var echoBackend = {
  getString(ref) {
    return ref.path.replace(/\/+$/, "");
  },
  getStringMap(ref) {
    const keys = ref.path.split("/");
    if (keys.length < 2) throw failure(ref, 'the path must have two or more components separated by "/"');
    const root = newMap();
    let cur = root;
    for (let i = 0; i < keys.length - 1; i++) {
      const k = keys[i];
      if (i === keys.length - 2) cur[k] = keys[i + 1];
      else {
        const next = newMap();
        cur[k] = next;
        cur = next;
      }
    }
    return root;
  }
};
var envsubstBackend = {
  getString(ref, ctx) {
    return envsubst(ref.path.replace(/\/$/, "").trim(), ctx.env);
  },
  getStringMap(ref, ctx) {
    return asMap2(ref, envsubst(ref.path.replace(/\/$/, "").trim(), ctx.env), ctx, "the substituted text");
  }
};
function sopsDecrypt(ref, ctx) {
  if (ctx.decryptor === void 0) {
    throw new SecretError(
      "SECRET_BACKEND_UNSUPPORTED",
      `secret reference backend "sops" needs a sops decryptor, and none is configured`
    );
  }
  const keyType = ref.params.get("key_type") ?? "filepath";
  if (keyType !== "filepath") {
    throw failure(ref, `key_type=${keyType} is not supported (only filepath)`);
  }
  const file = absolute(ref.path.replace(/\/+$/, ""), ctx.cwd);
  return { file, text: ctx.decryptor.decryptFile(file) };
}
var sopsBackend = {
  getString(ref, ctx) {
    return sopsDecrypt(ref, ctx).text;
  },
  getStringMap(ref, ctx) {
    const { file, text } = sopsDecrypt(ref, ctx);
    return asMap2(ref, text, ctx, `the decrypted file ${file}`, file);
  }
};
var BUILTIN_REF_BACKENDS = Object.freeze({
  file: fileBackend,
  echo: echoBackend,
  envsubst: envsubstBackend,
  sops: sopsBackend
});

// src/secrets/secret-ref.ts
var REF_PATTERN = /((?:secret)?ref)\+([^+:]*:\/\/[^+\n ]+[^+\n ",])\+?/;
var REF_PATTERN_GLOBAL = new RegExp(REF_PATTERN.source, "g");
function decode2(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
function parseSecretRef(key) {
  const sep2 = key.indexOf("://");
  const backend = sep2 < 0 ? key : key.slice(0, sep2);
  let rest = sep2 < 0 ? "" : key.slice(sep2 + 3);
  let fragmentText = "";
  const hash2 = rest.indexOf("#");
  if (hash2 >= 0) {
    fragmentText = rest.slice(hash2 + 1);
    rest = rest.slice(0, hash2);
  }
  const params = /* @__PURE__ */ new Map();
  const q = rest.indexOf("?");
  if (q >= 0) {
    for (const [k, v] of new URLSearchParams(rest.slice(q + 1))) if (!params.has(k)) params.set(k, v);
    rest = rest.slice(0, q);
  }
  const slash = rest.indexOf("/");
  const host = slash < 0 ? rest : rest.slice(0, slash);
  const pathPart = slash < 0 ? "" : rest.slice(slash);
  const components = [];
  if (host !== "") components.push(host);
  const p = host !== "" ? pathPart.replace(/^\//, "") : pathPart;
  if (p !== "") components.push(p);
  const frag = decode2(fragmentText).replace(/^#/, "").replace(/^\//, "");
  return {
    key,
    backend,
    path: decode2(components.join("/")),
    params,
    fragment: frag === "" ? [] : frag.split("/")
  };
}

// src/secrets/secret-resolver.ts
function formatV2(v) {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "bigint" || typeof v === "boolean" || typeof v === "number") return String(v);
  if (Array.isArray(v)) return `[${v.map(formatV2).join(" ")}]`;
  return `map[${Object.keys(v).sort().map((k) => `${k}:${formatV2(v[k])}`).join(" ")}]`;
}
var SecretRefResolver = class {
  /** Every value resolved so far (for redaction and secret marking). */
  registry;
  backends;
  ctx;
  strings = /* @__PURE__ */ new Map();
  docs = /* @__PURE__ */ new Map();
  /** Number of references resolved so far. */
  resolvedCount = 0;
  constructor(options) {
    this.registry = options.registry ?? new SecretRegistry();
    this.backends = { ...BUILTIN_REF_BACKENDS, ...options.backends ?? {} };
    this.ctx = {
      fs: options.fs,
      env: options.env,
      cwd: options.cwd,
      yamlVersion: options.yamlVersion ?? "v3",
      ...options.decryptor === void 0 ? {} : { decryptor: options.decryptor }
    };
  }
  /** The names of the usable backends. */
  backendNames() {
    return Object.keys(this.backends).sort();
  }
  /** Looks up one reference (the text after `ref+`, e.g. `file://s.yaml#/a`). */
  lookup(key) {
    const ref = parseSecretRef(key);
    const backend = this.backends[ref.backend];
    if (backend === void 0) {
      throw new SecretError(
        "SECRET_BACKEND_UNSUPPORTED",
        `secret reference backend "${ref.backend}" is not supported: only the offline backends ${this.backendNames().join(", ")} are available (register a backend for "${ref.backend}" to use it)`,
        { expected: `one of ${this.backendNames().join(", ")}`, found: ref.backend }
      );
    }
    this.resolvedCount++;
    if (ref.fragment.length === 0) {
      let s = this.strings.get(key);
      if (s === void 0) {
        s = backend.getString(ref, this.ctx);
        this.strings.set(key, s);
      }
      this.registry.add(s);
      return s;
    }
    const docKey = key.slice(0, key.lastIndexOf("#"));
    let doc = this.docs.get(docKey);
    if (doc === void 0) {
      doc = backend.getStringMap(ref, this.ctx);
      this.docs.set(docKey, doc);
    }
    const found = this.walk(doc, ref.fragment, ref.backend, ref.path);
    this.registry.addValue(found);
    return found;
  }
  walk(doc, keys, backend, path) {
    let obj = doc;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (!Object.prototype.hasOwnProperty.call(obj, k)) return null;
      const t = obj[k];
      if (i === keys.length - 1) return t;
      if (!isMap(t)) {
        throw new SecretError(
          "SECRET_REF_FAILED",
          `cannot resolve secret reference ref+${backend}://${path}: the value at key ${keys.slice(0, i + 1).join("/")} is not a map`,
          { keyPath: keys.slice(0, i + 1) }
        );
      }
      obj = t;
    }
    return null;
  }
  /** vals' `InValue`: a whole-string reference keeps its type, embedded ones become text. */
  expandString(s) {
    const m = REF_PATTERN.exec(s);
    if (m === null) return s;
    if (m.index === 0 && m[0].length === s.length) return this.wrap(() => this.lookup(m[2] ?? ""));
    return this.wrap(
      () => s.replace(REF_PATTERN_GLOBAL, (_all, _kind, key) => formatV2(this.lookup(key)))
    );
  }
  wrap(fn2) {
    try {
      return fn2();
    } catch (err) {
      if (err instanceof HelmfileError) throw err;
      throw new SecretError("SECRET_REF_FAILED", `cannot resolve a secret reference: ${err.name}`);
    }
  }
  /** Every string in a value tree expanded (maps and lists copied, other values kept). */
  expandValue(v) {
    if (typeof v === "string") return this.expandString(v);
    if (Array.isArray(v)) return v.map((x) => this.expandValue(x));
    if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === null) {
      const out = /* @__PURE__ */ Object.create(null);
      for (const k of Object.keys(v)) out[k] = this.expandValue(v[k]);
      return out;
    }
    return v;
  }
  /** The `SecretResolver` contract of the template functions: a map with every reference resolved. */
  evalMap(values) {
    return this.expandValue(values);
  }
  /** Like {@link evalMap} for the Go-typed values tree. */
  evalValues(values) {
    const out = this.expandValue(values);
    return isMap(out) ? out : newMap();
  }
};

// src/secrets/sops-decryptor.ts
var import_yaml8 = require("yaml");

// src/secrets/find-sops.ts
var ENV_VARS = ["SOPS_BINARY", "HELM_SECRETS_SOPS_PATH", "HELM_SECRETS_SOPS_BIN"];
function onPath(name, env, fs) {
  for (const dir of (env.PATH ?? "").split(":")) {
    if (dir === "") continue;
    const candidate = `${dir.replace(/\/+$/, "")}/${name}`;
    if (fs.isFile(candidate)) return candidate;
  }
  return void 0;
}
function resolveCandidate(candidate, source, options) {
  if (candidate.includes("/")) {
    if (options.fs.isFile(candidate)) return candidate;
    throw new SecretError(
      "SECRETS_SOPS_NOT_FOUND",
      `sops binary ${candidate} (from ${source}) does not exist`,
      {
        expected: "an executable sops binary",
        found: candidate
      }
    );
  }
  const found = onPath(candidate, options.env, options.fs);
  if (found !== void 0) return found;
  throw new SecretError(
    "SECRETS_SOPS_NOT_FOUND",
    `sops binary "${candidate}" (from ${source}) is not on PATH`,
    {
      expected: "an executable sops binary",
      found: candidate
    }
  );
}
function findSops(options) {
  if (options.binary !== void 0 && options.binary !== "") {
    return resolveCandidate(options.binary, "the sops binary option", options);
  }
  for (const name of ENV_VARS) {
    const v = options.env[name];
    if (v !== void 0 && v !== "") return resolveCandidate(v, name, options);
  }
  const found = onPath("sops", options.env, options.fs);
  if (found !== void 0) return found;
  throw new SecretError(
    "SECRETS_SOPS_NOT_FOUND",
    "cannot decrypt secrets: the sops binary was not found (set the sops binary option or SOPS_BINARY, or put sops on PATH)",
    { expected: "sops on PATH", found: "nothing" }
  );
}

// src/secrets/sops-failure.ts
var REASONS = [
  {
    code: "SECRETS_NO_KEY",
    pattern: /failed to get the data key|no key could|could not decrypt data key|0 successful groups|no identity matched/i,
    text: "no available key can decrypt it (wrong or missing age/PGP/KMS key; for age set SOPS_AGE_KEY_FILE or SOPS_AGE_KEY)"
  },
  {
    code: "SECRETS_CORRUPT",
    pattern: /mac mismatch|message authentication failed|could not decrypt value|error walking tree|does not match sops' data format|failed to decrypt/i,
    text: "it is corrupt (an encrypted value or its MAC does not verify)"
  },
  {
    code: "SECRETS_NOT_ENCRYPTED",
    pattern: /metadata not found|not encrypted/i,
    text: "it is not a sops-encrypted file"
  },
  {
    code: "SECRETS_CORRUPT",
    pattern: /unmarshal|error loading file|invalid character|yaml:|json:|unexpected end|cannot parse|error parsing/i,
    text: "sops cannot parse it (corrupt file or wrong format)"
  }
];
function scrubSopsStderr(stderr, known = []) {
  const first = stderr.replace(/\x1b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).find((l) => l !== "");
  if (first === void 0) return "";
  let line = first.replace(/ENC\[[^\]]*\]?/g, "ENC[\u2026]").replace(/"(?:[^"\\]|\\.)*"/g, '"\u2026"').replace(/'[^']*'/g, "'\u2026'").replace(/`[^`]*`/g, "`\u2026`").replace(/[^\s:,;()[\]{}]{41,}/g, "\u2026");
  line = redact(line, known);
  return line.length > 200 ? `${line.slice(0, 199)}\u2026` : line;
}
function sopsFailureError(f) {
  if (f.exitCode === 127 && /ENOENT|not found/i.test(f.stderr)) {
    return new SecretError(
      "SECRETS_SOPS_NOT_FOUND",
      `cannot decrypt secrets file ${f.file}: sops binary ${f.binary} could not be run`,
      {
        file: f.file
      }
    );
  }
  const reason = REASONS.find((r) => r.pattern.test(f.stderr));
  const said = scrubSopsStderr(f.stderr, f.known ?? []);
  const why = reason?.text ?? `sops exited with code ${f.exitCode}`;
  const message = `failed to decrypt secrets file ${f.file}: ${why}${said === "" ? "" : ` (sops: ${said})`}`;
  return new SecretError(reason?.code ?? "SECRETS_DECRYPT_FAILED", message, { file: f.file });
}

// src/secrets/sops-format.ts
function isSopsEncrypted(text) {
  return /mac.*,type:str\]/.test(text);
}
function sopsFormatOf(text) {
  if (/^sops:\s*$/m.test(text)) return "yaml";
  if (/"data":\s*"ENC\[/.test(text)) return "binary";
  return "json";
}

// src/secrets/sops-decryptor.ts
var SopsDecryptor = class {
  constructor(options) {
    this.options = options;
    this.registry = options.registry ?? new SecretRegistry();
  }
  options;
  /** Every plaintext decrypted so far: redact logs and errors against it. */
  registry;
  cache = /* @__PURE__ */ new Map();
  binary;
  /** The sops binary that will run (found once, on first use). */
  sopsBinary() {
    if (this.binary === void 0) {
      this.binary = findSops({
        env: this.options.env,
        fs: this.options.fs,
        ...this.options.binary === void 0 ? {} : { binary: this.options.binary }
      });
    }
    return this.binary;
  }
  decryptFile(path) {
    const cached2 = this.cache.get(path);
    if (cached2 !== void 0) return cached2;
    const { fs } = this.options;
    if (!fs.isFile(path)) {
      throw new SecretError("SECRETS_FILE_NOT_FOUND", `secrets file ${path} does not exist`, { file: path });
    }
    const text = fs.readFile(path);
    this.requireEncrypted(text, path);
    const format = sopsFormatOf(text);
    const out = this.runSops(format, path, path);
    this.cache.set(path, out);
    return out;
  }
  containsSecret(text) {
    return this.registry.containsSecret(text);
  }
  decryptText(text, name) {
    this.requireEncrypted(text, name);
    return this.runSops(sopsFormatOf(text), void 0, name, text);
  }
  requireEncrypted(text, file) {
    if (!isSopsEncrypted(text)) {
      throw new SecretError(
        "SECRETS_NOT_ENCRYPTED",
        `secrets file ${file} is not encrypted with sops (no sops MAC found); encrypt it with sops or list it under values:`,
        { file }
      );
    }
  }
  runSops(format, input, file, stdin) {
    const binary = this.sopsBinary();
    const types = ["--input-type", format, "--output-type", format];
    const args = input === void 0 ? ["decrypt", ...this.options.extraArgs ?? [], ...types] : [...this.options.extraArgs ?? [], "--decrypt", ...types, input];
    const result = this.options.runner.runSync(binary, args, {
      timeoutMs: this.options.timeoutMs ?? 12e4,
      ...this.options.sopsEnv === void 0 ? {} : { env: this.options.sopsEnv },
      ...stdin === void 0 ? {} : { input: stdin }
    });
    if (result.exitCode !== 0) {
      throw sopsFailureError({
        file,
        binary,
        exitCode: result.exitCode,
        stderr: result.stderr,
        known: this.registry.values()
      });
    }
    this.remember(result.stdout, format);
    (this.options.logger ?? silentLogger).debug(`decrypted secrets file ${file}`);
    return result.stdout;
  }
  remember(plaintext, format) {
    if (format !== "binary") {
      try {
        this.registry.addValue((0, import_yaml8.parse)(plaintext));
        return;
      } catch {
      }
    }
    for (const line of plaintext.split("\n")) {
      const t = line.trim();
      if (t.length >= 4) this.registry.add(t);
    }
  }
};

// src/node/secrets-node.ts
function createNodeSecrets(options = {}) {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const fs = new NodeFileSystem(cwd);
  const registry = new SecretRegistry();
  const decryptor = new SopsDecryptor({
    runner: new NodeProcessRunner({ baseEnv: env, cwd }),
    fs,
    env,
    registry,
    ...options.sopsBinary === void 0 ? {} : { binary: options.sopsBinary },
    ...options.sopsEnv === void 0 ? {} : { sopsEnv: options.sopsEnv },
    ...options.logger === void 0 ? {} : { logger: options.logger }
  });
  const resolver = new SecretRefResolver({
    fs,
    env,
    cwd,
    decryptor,
    registry,
    ...options.backends === void 0 ? {} : { backends: options.backends }
  });
  return { decryptor, resolver, registry };
}

// src/secrets/redacting-logger.ts
function redactingLogger(logger, registry) {
  const clean = (m) => registry.size === 0 ? m : registry.redact(m);
  return {
    debug: (m) => logger.debug(clean(m)),
    info: (m) => logger.info(clean(m)),
    warn: (m) => logger.warn(clean(m))
  };
}

// src/merge/helm-values/chart-node.ts
function concatPrefix(a, b) {
  return a === "" ? b : `${a}.${b}`;
}

// src/merge/helm-values/go-format.ts
function formatGoFloat3(f) {
  if (Number.isNaN(f)) return "NaN";
  if (f === Infinity) return "+Inf";
  if (f === -Infinity) return "-Inf";
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  const [mantissa, e] = f.toExponential().split("e");
  const exp = Number(e);
  if (exp < -4 || exp >= 6) {
    return `${mantissa}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  return String(f);
}
function goValueString(v) {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return formatGoFloat3(v);
  if (Array.isArray(v)) return `[${v.map(goValueString).join(" ")}]`;
  const keys = Object.keys(v).sort(compareGoStrings2);
  return `map[${keys.map((k) => `${k}:${goValueString(v[k])}`).join(" ")}]`;
}
function goTypeName2(v) {
  if (v === null) return "nil";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "bigint") return "int64";
  if (typeof v === "number") return "float64";
  if (Array.isArray(v)) return "[]interface {}";
  return isMap(v) ? "map[string]interface {}" : "unknown";
}
function goBoolVerb(v) {
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null) return "%!t(<nil>)";
  if (Array.isArray(v)) return `[${v.map(goBoolVerb).join(" ")}]`;
  if (isMap(v)) {
    const keys = Object.keys(v).sort(compareGoStrings2);
    return `map[${keys.map((k) => `${goBoolVerb(k)}:${goBoolVerb(v[k])}`).join(" ")}]`;
  }
  return `%!t(${goTypeName2(v)}=${goValueString(v)})`;
}
function compareGoStrings2(a, b) {
  if (a === b) return 0;
  const ca = [...a];
  const cb = [...b];
  const n = Math.min(ca.length, cb.length);
  for (let i = 0; i < n; i++) {
    const x = ca[i].codePointAt(0);
    const y = cb[i].codePointAt(0);
    if (x !== y) return x - y;
  }
  return ca.length - cb.length;
}

// src/merge/helm-values/coalesce.ts
var CoalesceError = class extends Error {
};
var GLOBAL = "global";
function coalesceValuesTree(ctx, chart, vals) {
  return coalesce(ctx, chart, copyValues(vals), "", false);
}
function mergeValuesTree(ctx, chart, vals) {
  return coalesce(ctx, chart, copyValues(vals), "", true);
}
function copyValues(vals) {
  return vals === null ? newMap() : cloneValue(vals);
}
function coalesce(ctx, chart, dest, prefix, merge) {
  coalesceChartValues(ctx, chart, dest, prefix, merge);
  return coalesceDeps(ctx, chart, dest, prefix, merge);
}
function coalesceDeps(ctx, chart, dest, prefix, merge) {
  for (const sub2 of chart.dependencies) {
    const existing = dest[sub2.name];
    if (existing === void 0) dest[sub2.name] = newMap();
    else if (!isMap(existing))
      throw new CoalesceError(`type mismatch on ${sub2.name}: ${goBoolVerb(existing)}`);
    const dvmap = dest[sub2.name];
    const subPrefix = concatPrefix(prefix, chart.name);
    coalesceGlobals(ctx, dvmap, dest, subPrefix);
    dest[sub2.name] = coalesce(ctx, sub2, dvmap, subPrefix, merge);
  }
  return dest;
}
function coalesceGlobals(ctx, dest, src, prefix) {
  let dg;
  const destGlobal = dest[GLOBAL];
  if (destGlobal === void 0) dg = newMap();
  else if (isMap(destGlobal)) dg = destGlobal;
  else {
    ctx.printf(`warning: skipping globals because destination ${GLOBAL} is not a table.`);
    return;
  }
  let sg;
  const srcGlobal = src[GLOBAL];
  if (srcGlobal === void 0) sg = newMap();
  else if (isMap(srcGlobal)) sg = srcGlobal;
  else {
    ctx.printf(`warning: skipping globals because source ${GLOBAL} is not a table.`);
    return;
  }
  for (const key of Object.keys(sg)) {
    const val = sg[key];
    if (isMap(val)) {
      const vv = Object.assign(newMap(), val);
      const destv = dg[key];
      if (destv === void 0) dg[key] = vv;
      else if (!isMap(destv))
        ctx.printf(`Conflict: cannot merge map onto non-map for ${JSON.stringify(key)}. Skipping.`);
      else {
        coalesceTablesFullKey(ctx, vv, destv, concatPrefix(prefix, key), true);
        dg[key] = vv;
      }
    } else if (key in dg && isMap(dg[key])) {
      ctx.printf(`key ${key} is table. Skipping`);
    } else {
      dg[key] = val;
    }
  }
  dest[GLOBAL] = dg;
}
function coalesceChartValues(ctx, chart, v, prefix, merge) {
  const subPrefix = concatPrefix(prefix, chart.name);
  const vc = cloneValue(chart.values);
  for (const key of Object.keys(vc)) {
    const val = vc[key];
    if (!(key in v)) {
      v[key] = val;
      continue;
    }
    const value = v[key];
    if (value === null && !merge) {
      delete v[key];
    } else if (isMap(value)) {
      if (!isMap(val)) {
        if (val !== null) ctx.printf(`warning: skipped value for ${subPrefix}.${key}: Not a table.`);
      } else {
        const isChild = chart.dependencies.some((d) => d.name === key);
        coalesceTablesFullKey(ctx, value, val, concatPrefix(subPrefix, key), isChild ? true : merge);
      }
    }
  }
}
function coalesceTables(ctx, dst, src, merge) {
  return coalesceTablesFullKey(ctx, dst, src, "", merge);
}
function coalesceTablesFullKey(ctx, dst, src, prefix, merge) {
  const srcNonNil = new Set(Object.keys(src).filter((k) => ctx.major === 3 || src[k] !== null));
  if (ctx.major === 4) {
    for (const key of Object.keys(dst)) if (dst[key] === null) src[key] = null;
  }
  for (const key of Object.keys(src)) {
    const val = src[key];
    const fullkey = concatPrefix(prefix, key);
    const present = key in dst;
    const dv = dst[key];
    if (present && !merge && dv === null && srcNonNil.has(key)) {
      delete dst[key];
    } else if (!present) {
      dst[key] = val;
    } else if (isMap(val)) {
      if (dv !== void 0 && isMap(dv)) coalesceTablesFullKey(ctx, dv, val, fullkey, merge);
      else
        ctx.printf(`warning: cannot overwrite table with non table for ${fullkey} (${goValueString(val)})`);
    } else if (dv !== void 0 && isMap(dv) && val !== null) {
      ctx.printf(
        `warning: destination for ${fullkey} is a table. Ignoring non-table value (${goValueString(val)})`
      );
    }
  }
  return dst;
}

// src/merge/helm-values/dependencies.ts
function processDependencies(ctx, chart, userValues) {
  processEnabled(ctx, chart, userValues, "");
  processImportValuesTree(ctx, chart);
}
function processEnabled(ctx, c, v, path) {
  const reqs = c.metadataDeps;
  if (reqs === null) return;
  const kept = c.dependencies.filter((existing) => !reqs.some((req) => req.name === existing.name));
  for (const req of reqs) {
    const found = c.dependencies.find((d) => d.name === req.name);
    if (found !== void 0)
      kept.push({
        ...found,
        name: req.alias !== void 0 && req.alias !== "" ? req.alias : found.name,
        dependencies: found.dependencies.map((d) => ({ ...d })),
        metadataDeps: found.metadataDeps === null ? null : found.metadataDeps.map((d) => ({ ...d }))
      });
    if (req.alias !== void 0 && req.alias !== "") req.name = req.alias;
  }
  c.dependencies = kept;
  for (const req of reqs) req.enabled = true;
  const cvals = coalesceValuesTree(ctx, c, v);
  processTags(ctx, reqs, cvals);
  processConditions(ctx, reqs, cvals, path);
  const removed = new Set(reqs.filter((r) => !r.enabled).map((r) => r.name));
  const enabledCharts = c.dependencies.filter((d) => !removed.has(d.name));
  const enabledReqs = reqs.filter((r) => !removed.has(r.name));
  for (const sub2 of enabledCharts) processEnabled(ctx, sub2, cvals, `${path}${sub2.name}.`);
  c.metadataDeps = enabledReqs.length > 0 ? enabledReqs : null;
  c.dependencies = enabledCharts;
}
function processConditions(ctx, reqs, cvals, path) {
  for (const r of reqs) {
    for (const cond of r.condition.trim().split(",")) {
      if (cond === "") continue;
      const found = pathValue(cvals, path + cond);
      if (found === void 0) continue;
      if (typeof found.value === "boolean") {
        r.enabled = found.value;
        break;
      }
      ctx.printf(
        ctx.major === 3 ? `Warning: Condition path '${cond}' for chart ${r.name} returned non-bool value` : `returned non-bool value path=${cond} chart=${r.name}`
      );
    }
  }
}
function processTags(ctx, reqs, cvals) {
  const vt = table2(cvals, "tags");
  if (vt === void 0) return;
  for (const r of reqs) {
    let hasTrue = false;
    let hasFalse = false;
    for (const k of r.tags) {
      if (!(k in vt)) continue;
      const b = vt[k];
      if (typeof b === "boolean") {
        if (b) hasTrue = true;
        else hasFalse = true;
      } else {
        ctx.printf(
          ctx.major === 3 ? `Warning: Tag '${k}' for chart ${r.name} returned non-bool value` : `returned non-bool value tag=${k} chart=${r.name}`
        );
      }
    }
    if (!hasTrue && hasFalse) r.enabled = false;
    else r.enabled = true;
  }
}
function table2(v, name) {
  const found = lookupTable(v, name);
  return "table" in found ? found.table : void 0;
}
function lookupTable(v, name) {
  let t = v;
  for (const part of name.split(".")) {
    const next = t[part];
    if (next === void 0 || !isMap(next)) return { missing: part };
    t = next;
  }
  return { table: t };
}
function pathValue(v, path) {
  const parts = path.split(".");
  const key = parts.pop();
  const t = parts.length === 0 ? v : table2(v, parts.join("."));
  if (t === void 0 || !(key in t)) return void 0;
  const value = t[key];
  return isMap(value) ? void 0 : { value };
}
function processImportValuesTree(ctx, c) {
  for (const d of c.dependencies) processImportValuesTree(ctx, d);
  processImportValues(ctx, c);
}
function processImportValues(ctx, c) {
  if (c.metadataDeps === null) return;
  const cvals = mergeValuesTree(ctx, c, null);
  let b = newMap();
  for (const r of c.metadataDeps) {
    for (const iv of r.importValues) {
      const child = typeof iv === "string" ? `exports.${iv}` : iv.child;
      const parent = typeof iv === "string" ? "." : iv.parent;
      const found = lookupTable(cvals, `${r.name}.${child}`);
      if ("missing" in found) {
        const error = `${JSON.stringify(found.missing)} is not a table`;
        if (ctx.major === 3) {
          ctx.printf(
            typeof iv === "string" ? `Warning: ImportValues missing table: ${error}` : `Warning: ImportValues missing table from chart ${r.name}: ${error}`
          );
        } else {
          ctx.printf(
            typeof iv === "string" ? `ImportValues missing table error=${error}` : `ImportValues missing table from chart chart=${r.name} error=${error}`
          );
        }
        continue;
      }
      b = coalesceTables(ctx, b, pathToMap(parent, found.table), true);
    }
  }
  c.values = coalesceTables(ctx, cloneValue(cvals), b, true);
}
function pathToMap(path, data) {
  if (path === ".") return data;
  let cur = data;
  const parts = path.split(".");
  for (let i = parts.length - 1; i >= 0; i--) {
    const wrap3 = newMap();
    wrap3[parts[i]] = cur;
    cur = wrap3;
  }
  return cur;
}

// src/merge/helm-values/go-yaml-decode.ts
var import_yaml9 = require("yaml");

// src/merge/helm-values/go-yaml-strictness.ts
function firstDocumentText(text) {
  const lines = text.split("\n");
  let content = false;
  let started = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const boundary = /^(\.\.\.|---)(\s|$)/.test(line);
    const marker = boundary || line.startsWith("%");
    if (content && marker || started && boundary) return lines.slice(0, i).join("\n") + "\n";
    if (line.startsWith("---")) {
      started = true;
      if (!/^---\s*(#.*)?$/.test(line)) content = true;
    } else if (!marker && !/^\s*(#.*)?\r?$/.test(line)) {
      content = true;
    }
  }
  return text;
}
function libyamlOnlyError(text) {
  const lines = text.split("\n");
  const index = lines.findIndex((l) => !/^\s*(#.*)?\r?$/.test(l));
  if (index < 0) return void 0;
  const first = lines[index];
  if (!/^\.\.\.(\s|$)/.test(first)) return void 0;
  return `yaml: ${index > 0 ? `line ${index}: ` : ""}did not find expected node content`;
}

// src/merge/helm-values/go-yaml-resolve.ts
var P = "tag:yaml.org,2002:";
var STR = `${P}str`;
var BINARY = `${P}binary`;
var RESOLVABLE = /* @__PURE__ */ new Set(["", STR, `${P}bool`, `${P}int`, `${P}float`, `${P}null`, `${P}timestamp`]);
var WORDS2 = /* @__PURE__ */ new Map();
for (const w of ["y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"])
  WORDS2.set(w, { t: "bool", v: true });
for (const w of ["n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"])
  WORDS2.set(w, { t: "bool", v: false });
for (const w of ["", "~", "null", "Null", "NULL"]) WORDS2.set(w, { t: "null" });
for (const w of [".nan", ".NaN", ".NAN"]) WORDS2.set(w, { t: "float", v: NaN });
for (const w of [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"])
  WORDS2.set(w, { t: "float", v: Infinity });
for (const w of ["-.inf", "-.Inf", "-.INF"]) WORDS2.set(w, { t: "float", v: -Infinity });
var YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
var INT64_MAX5 = (1n << 63n) - 1n;
var UINT64_MAX4 = (1n << 64n) - 1n;
var GoResolveError = class extends Error {
};
function resolveGoScalar(tag, text, implicit, _plain) {
  if (tag === void 0 && !implicit) return { t: "str", v: text };
  const want = tag ?? "";
  if (!RESOLVABLE.has(want)) {
    if (want === BINARY) return { t: "str", v: decodeBase64(text) };
    return { t: "str", v: text };
  }
  const got = resolvePlain(want, text);
  if (want === "" || want === STR || tagOf(got) === want) return got;
  if (want === `${P}float` && got.t === "int") return { t: "float", v: Number(got.v) };
  if (want === `${P}timestamp` && got.t === "str" && /^\d{4}-\d{1,2}-\d{1,2}/.test(text)) return got;
  throw new GoResolveError(
    `yaml: cannot decode !!${tagOf(got).slice(P.length)} \`${text}\` as a !!${want.slice(P.length)}`
  );
}
function tagOf(s) {
  return `${P}${s.t === "str" ? "str" : s.t}`;
}
function resolvePlain(tag, text) {
  if (tag === STR) return { t: "str", v: text };
  const c = text[0];
  const hint = text === "" ? "N" : c === "+" || c === "-" ? "S" : c !== void 0 && c >= "0" && c <= "9" ? "D" : c !== void 0 && "yYnNtTfFoO~".includes(c) ? "M" : c === "." ? "." : "";
  if (hint === "") return { t: "str", v: text };
  const word = WORDS2.get(text);
  if (word !== void 0) return word;
  if (hint === ".") {
    return /^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(text) ? { t: "float", v: Number(text) } : { t: "str", v: text };
  }
  if (hint !== "D" && hint !== "S") return { t: "str", v: text };
  const plain = text.replace(/_/g, "");
  const asInt = parseGoInt2(plain);
  if (asInt !== void 0) {
    if (asInt >= -INT64_MAX5 - 1n && asInt <= INT64_MAX5) return { t: "int", v: asInt };
    if (asInt >= 0n && asInt <= UINT64_MAX4 && !/^[+-]/.test(plain))
      return { t: "int", v: asInt, unsigned: true };
  }
  if (YAML_FLOAT.test(plain)) {
    const f = Number(plain);
    if (Number.isFinite(f)) return { t: "float", v: f };
  }
  return { t: "str", v: text };
}
function parseGoInt2(s) {
  const m = /^([+-]?)(.*)$/.exec(s);
  if (m === null) return void 0;
  const sign2 = m[1] === "-" ? -1n : 1n;
  const body = m[2] ?? "";
  let digits;
  let radix;
  if (/^0[xX]/.test(body)) [digits, radix] = [body.slice(2), 16];
  else if (/^0[oO]/.test(body)) [digits, radix] = [body.slice(2), 8];
  else if (/^0[bB]/.test(body)) [digits, radix] = [body.slice(2), 2];
  else if (/^0./.test(body)) [digits, radix] = [body.slice(1), 8];
  else [digits, radix] = [body, 10];
  const valid = { 16: /^[0-9a-fA-F]+$/, 8: /^[0-7]+$/, 2: /^[01]+$/, 10: /^[0-9]+$/ }[radix];
  if (!valid.test(digits)) return void 0;
  const prefix = { 16: "0x", 8: "0o", 2: "0b", 10: "" }[radix];
  return sign2 * BigInt(`${prefix}${digits}`);
}
function decodeBase64(text) {
  const clean = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) {
    throw new GoResolveError("yaml: !!binary value contains invalid base64 data");
  }
  return Buffer.from(clean, "base64").toString("utf8");
}
function formatGoFloat32Key(f) {
  if (Number.isNaN(f)) return ".nan";
  if (f === Infinity) return ".inf";
  if (f === -Infinity) return "-.inf";
  const x = Math.fround(f);
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  let exp = "";
  for (let p = 1; p <= 9; p++) {
    exp = x.toExponential(p - 1);
    if (Math.fround(Number(exp)) === x) break;
  }
  const [mant, e] = exp.split("e");
  const power = Number(e);
  if (power < -4 || power >= 6)
    return `${mant}e${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
  const neg = mant.startsWith("-");
  const digits = mant.replace(/[-.]/g, "");
  let out;
  if (power < 0) out = `0.${"0".repeat(-power - 1)}${digits}`;
  else if (digits.length <= power + 1) out = digits + "0".repeat(power + 1 - digits.length);
  else out = `${digits.slice(0, power + 1)}.${digits.slice(power + 1)}`;
  return neg ? `-${out}` : out;
}

// src/merge/helm-values/go-yaml-decode.ts
var GoYamlError = class extends Error {
  /** `convert` for YAML→JSON conversion, `unmarshal` for the JSON→map step. */
  stage;
  line;
  constructor(stage, message, line) {
    super(message);
    this.stage = stage;
    this.line = line;
  }
};
var MERGE_TAG = "tag:yaml.org,2002:merge";
function decodeGoYamlMap(text) {
  const strict = libyamlOnlyError(text);
  if (strict !== void 0) throw new GoYamlError("convert", strict);
  const lines = new import_yaml9.LineCounter();
  const doc = (0, import_yaml9.parseDocument)(firstDocumentText(text), {
    version: "1.1",
    schema: "failsafe",
    uniqueKeys: false,
    merge: false,
    strict: false,
    prettyErrors: false,
    lineCounter: lines
  });
  const first = doc.errors[0];
  if (first !== void 0)
    throw syntaxError2(first.code, first.message, lines.linePos(first.pos[0]).line, text);
  const node = doc.contents === null ? null : decodeNode(doc, doc.contents, []);
  const plain = node === null ? null : toJsonable(node);
  if (plain === null) return newMap();
  if (typeof plain !== "object" || Array.isArray(plain)) {
    throw new GoYamlError(
      "unmarshal",
      `while decoding JSON: json: cannot unmarshal ${jsonKind(plain)} into Go value of type map[string]interface {}`
    );
  }
  return plain;
}
function jsonKind(v) {
  if (Array.isArray(v)) return "array";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  return "number";
}
var SCANNER_MESSAGES = {
  BLOCK_AS_IMPLICIT_KEY: "mapping values are not allowed in this context",
  TAB_AS_INDENT: "found character that cannot start any token",
  BAD_SCALAR_START: "found character that cannot start any token",
  MISSING_CHAR: "found unexpected end of stream",
  BAD_DQ_ESCAPE: "found unknown escape character while parsing a quoted scalar",
  MULTILINE_IMPLICIT_KEY: "could not find expected ':'"
};
function syntaxError2(code, message, line, text) {
  let scanner = message.includes("directives-end") ? void 0 : SCANNER_MESSAGES[code];
  if (code === "UNEXPECTED_TOKEN" && message.includes("block-seq-ind on same line")) {
    scanner = "block sequence entries are not allowed in this context";
  }
  if (scanner !== void 0) {
    const at2 = code === "MULTILINE_IMPLICIT_KEY" ? line + 1 : line > 1 ? line : 0;
    return new GoYamlError("convert", `yaml: ${at2 > 0 ? `line ${at2}: ` : ""}${scanner}`, line);
  }
  let parser = "did not find expected key";
  if (code === "BAD_INDENT" && message.startsWith("Flow sequence"))
    parser = "did not find expected ',' or ']'";
  else if (code === "BAD_INDENT" && message.startsWith("Flow map"))
    parser = "did not find expected ',' or '}'";
  else if (message.includes("directives-end")) parser = "did not find expected <document start>";
  else if (message.startsWith("Unexpected scalar at node end") && /^\s*- /m.test(firstContentLine(text))) {
    parser = "did not find expected '-' indicator";
  }
  const at = line - 1;
  return new GoYamlError("convert", `yaml: ${at > 0 ? `line ${at}: ` : ""}${parser}`, line);
}
function firstContentLine(text) {
  return text.split("\n").find((l) => !/^\s*(#.*)?$/.test(l)) ?? "";
}
function decodeNode(doc, node, anchors) {
  if ((0, import_yaml9.isAlias)(node)) {
    const target = node.resolve(doc);
    if (target === void 0)
      throw new GoYamlError("convert", `yaml: unknown anchor '${node.source}' referenced`);
    if (anchors.includes(node.source))
      throw new GoYamlError("convert", `yaml: anchor '${node.source}' value contains itself`);
    return decodeNode(doc, target, [...anchors, node.source]);
  }
  const inside = node.anchor === void 0 ? anchors : [...anchors, node.anchor];
  if ((0, import_yaml9.isScalar)(node)) {
    const implicit = node.type === "PLAIN" && node.tag === void 0;
    try {
      return resolveGoScalar(node.tag, String(node.value), implicit, node.type === "PLAIN");
    } catch (err) {
      if (err instanceof GoResolveError) throw new GoYamlError("convert", err.message);
      throw err;
    }
  }
  if ((0, import_yaml9.isSeq)(node))
    return { t: "seq", items: node.items.map((item) => decodeNode(doc, item, inside)) };
  if ((0, import_yaml9.isMap)(node)) {
    const entries = /* @__PURE__ */ new Map();
    decodeMapInto(doc, node, inside, entries);
    return { t: "map", entries };
  }
  return { t: "null" };
}
function decodeMapInto(doc, node, anchors, entries) {
  if (!(0, import_yaml9.isMap)(node))
    throw new GoYamlError("convert", "yaml: map merge requires map or sequence of maps as the value");
  for (const pair2 of node.items) {
    if (!(0, import_yaml9.isPair)(pair2)) continue;
    const keyNode = pair2.key;
    const valueNode = pair2.value;
    if (keyNode !== null && (0, import_yaml9.isScalar)(keyNode) && keyNode.value === "<<" && (keyNode.type === "PLAIN" && keyNode.tag === void 0 || keyNode.tag === MERGE_TAG)) {
      mergeInto(doc, valueNode, anchors, entries);
      continue;
    }
    const key = keyNode === null ? { t: "null" } : decodeNode(doc, keyNode, anchors);
    if (key.t === "seq" || key.t === "map")
      throw new GoYamlError("convert", `yaml: invalid map key: ${goSharpV(key)}`);
    const value = valueNode === null ? { t: "null" } : decodeNode(doc, valueNode, anchors);
    entries.set(goKeyId(key), [key, value]);
  }
}
function mergeInto(doc, value, anchors, entries) {
  const deref = (n) => {
    if (!(0, import_yaml9.isAlias)(n)) return n;
    const t = n.resolve(doc);
    if (t === void 0) throw new GoYamlError("convert", `yaml: unknown anchor '${n.source}' referenced`);
    return t;
  };
  if (value !== null && (0, import_yaml9.isSeq)(value)) {
    for (let i = value.items.length - 1; i >= 0; i--)
      decodeMapInto(doc, deref(value.items[i]), anchors, entries);
    return;
  }
  if (value === null)
    throw new GoYamlError("convert", "yaml: map merge requires map or sequence of maps as the value");
  decodeMapInto(doc, deref(value), anchors, entries);
}
function goKeyId(k) {
  switch (k.t) {
    case "null":
      return "n";
    case "str":
      return `s${k.v}`;
    case "bool":
      return `b${String(k.v)}`;
    case "int":
      return `i${k.v.toString()}`;
    case "float":
      return `f${String(k.v)}`;
  }
}
function goSharpV(n) {
  if (n.t === "seq") return `[]interface {}{${n.items.map(goSharpV).join(", ")}}`;
  if (n.t === "map") {
    const parts = [...n.entries.values()].map(([k, v]) => `${goSharpV(k)}:${goSharpV(v)}`);
    return `map[interface {}]interface {}{${parts.join(", ")}}`;
  }
  if (n.t === "str") return JSON.stringify(n.v);
  if (n.t === "null") return "interface {}(nil)";
  if (n.t === "float") return formatGoFloat32Key(n.v);
  return String(n.v);
}
function toJsonable(n) {
  switch (n.t) {
    case "null":
      return null;
    case "str":
    case "bool":
      return n.v;
    case "int":
      return Number(n.v);
    case "float":
      if (!Number.isFinite(n.v))
        throw new GoYamlError(
          "convert",
          `json: unsupported value: ${Number.isNaN(n.v) ? "NaN" : n.v > 0 ? "+Inf" : "-Inf"}`
        );
      return n.v;
    case "seq":
      return n.items.map(toJsonable);
    case "map": {
      const out = newMap();
      for (const [key, value] of n.entries.values()) out[keyString(key, value)] = toJsonable(value);
      return out;
    }
  }
}
function keyString(k, value) {
  switch (k.t) {
    case "str":
      return k.v;
    case "bool":
      return k.v ? "true" : "false";
    case "int":
      if (k.unsigned)
        throw new GoYamlError(
          "convert",
          `unsupported map key of type: uint64, key: 0x${k.v.toString(16)}, value: ${describe2(value)}`
        );
      return k.v.toString();
    case "float":
      return formatGoFloat32Key(k.v);
    case "null":
      throw new GoYamlError(
        "convert",
        `unsupported map key of type: %!s(<nil>), key: <nil>, value: ${describe2(value)}`
      );
  }
}
function describe2(n) {
  return n.t === "str" ? JSON.stringify(n.v) : goSharpV(n);
}

// src/merge/helm-values/merge-maps.ts
function mergeMaps2(a, b) {
  const out = newMap();
  for (const k of Object.keys(a)) out[k] = a[k] ?? null;
  for (const k of Object.keys(b)) {
    const v = b[k] ?? null;
    const old = out[k];
    out[k] = isMap(v) && old !== void 0 && isMap(old) ? mergeMaps2(old, v) : v;
  }
  return out;
}

// src/merge/helm-values/helm-values-file.ts
var ValuesFileError = class extends Error {
  line;
  constructor(message, line) {
    super(message);
    this.line = line;
  }
};
function parseHelmValuesText(text, major = 4) {
  if (major === 3) return decodeOne(text, "");
  let values;
  for (const doc of splitYamlDocuments(text)) {
    const current = decodeOne(doc.text, "cannot unmarshal yaml document: ", doc.firstLine);
    values = values === void 0 ? current : mergeMaps2(values, current);
  }
  return values ?? decodeOne("", "");
}
function decodeOne(text, prefix, firstLine = 1) {
  try {
    return decodeGoYamlMap(text);
  } catch (err) {
    if (err instanceof GoYamlError) {
      const what = err.stage === "convert" ? "error converting YAML to JSON" : "error unmarshaling JSON";
      const line = err.line === void 0 ? void 0 : err.line + firstLine - 1;
      throw new ValuesFileError(`${prefix}${what}: ${err.message}`, line);
    }
    throw err;
  }
}
function splitYamlDocuments(text) {
  const docs = [];
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let buffer = "";
  let start = 1;
  lines.forEach((line, index) => {
    if (line.startsWith("---")) {
      const rest = line.slice(3).trim();
      if (rest !== "" && !rest.startsWith("#")) {
        throw new ValuesFileError(
          `error reading yaml document: invalid Yaml document separator: ${rest}`,
          index + 1
        );
      }
      if (buffer !== "") {
        docs.push({ text: buffer, firstLine: start });
        buffer = "";
        start = index + 2;
        return;
      }
    }
    if (buffer === "") start = index + 1;
    buffer += line;
  });
  if (buffer !== "") docs.push({ text: buffer, firstLine: start });
  return docs;
}

// src/merge/helm-values/go-json.ts
var GoJsonError = class extends Error {
};
var WS = /* @__PURE__ */ new Set([" ", "	", "\n", "\r"]);
function decodeJsonPrefix(text, start) {
  const r = new Reader(text, start);
  r.skipWs();
  const value = r.value(0);
  return { value, end: r.pos };
}
function decodeJsonWhole(text) {
  const { value, end } = decodeJsonPrefix(text, 0);
  const r = new Reader(text, end);
  r.skipWs();
  if (r.pos < text.length) throw new GoJsonError("invalid character after top-level value");
  return value;
}
var Reader = class {
  constructor(s, start) {
    this.s = s;
    this.pos = start;
  }
  s;
  pos;
  skipWs() {
    while (this.pos < this.s.length && WS.has(this.s[this.pos])) this.pos++;
  }
  value(depth) {
    if (depth > 1e4) throw new GoJsonError("exceeded max depth");
    const c = this.s[this.pos];
    if (c === void 0) throw new GoJsonError("unexpected end of JSON input");
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    if (c === '"') return this.string();
    if (c === "-" || c >= "0" && c <= "9") return this.number();
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null]
    ]) {
      if (this.s.startsWith(word, this.pos)) {
        this.pos += word.length;
        return v;
      }
    }
    throw new GoJsonError(`invalid character ${JSON.stringify(c)} looking for beginning of value`);
  }
  object(depth) {
    this.pos++;
    const out = newMap();
    this.skipWs();
    if (this.s[this.pos] === "}") {
      this.pos++;
      return out;
    }
    for (; ; ) {
      this.skipWs();
      if (this.s[this.pos] !== '"')
        throw new GoJsonError("invalid character looking for beginning of object key string");
      const key = this.string();
      this.skipWs();
      if (this.s[this.pos] !== ":") throw new GoJsonError("invalid character after object key");
      this.pos++;
      this.skipWs();
      out[key] = this.value(depth + 1);
      this.skipWs();
      const c = this.s[this.pos++];
      if (c === "}") return out;
      if (c !== ",") throw new GoJsonError("invalid character after object key:value pair");
    }
  }
  array(depth) {
    this.pos++;
    const out = [];
    this.skipWs();
    if (this.s[this.pos] === "]") {
      this.pos++;
      return out;
    }
    for (; ; ) {
      this.skipWs();
      out.push(this.value(depth + 1));
      this.skipWs();
      const c = this.s[this.pos++];
      if (c === "]") return out;
      if (c !== ",") throw new GoJsonError("invalid character after array element");
    }
  }
  number() {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(this.s.slice(this.pos));
    if (m === null) throw new GoJsonError("invalid character in numeric literal");
    this.pos += m[0].length;
    const f = Number(m[0]);
    if (!Number.isFinite(f))
      throw new GoJsonError(`json: cannot unmarshal number ${m[0]} into Go value of type float64`);
    return f;
  }
  string() {
    this.pos++;
    let out = "";
    for (; ; ) {
      const c = this.s[this.pos];
      if (c === void 0) throw new GoJsonError("unexpected end of JSON input");
      this.pos++;
      if (c === '"') return out;
      if (c < " ") throw new GoJsonError("invalid character in string literal");
      if (c !== "\\") {
        out += c;
        continue;
      }
      out += this.escape();
    }
  }
  escape() {
    const e = this.s[this.pos++];
    const simple = {
      '"': '"',
      "\\": "\\",
      "/": "/",
      b: "\b",
      f: "\f",
      n: "\n",
      r: "\r",
      t: "	"
    };
    if (e !== void 0 && simple[e] !== void 0) return simple[e];
    if (e !== "u") throw new GoJsonError("invalid character in string escape code");
    const unit = this.hex4();
    if (unit >= 55296 && unit < 56320 && this.s.startsWith("\\u", this.pos)) {
      const save = this.pos;
      this.pos += 2;
      const low = this.hex4();
      if (low >= 56320 && low < 57344) return String.fromCharCode(unit, low);
      this.pos = save;
    }
    if (unit >= 55296 && unit < 57344) return "\uFFFD";
    return String.fromCharCode(unit);
  }
  hex4() {
    const h = this.s.slice(this.pos, this.pos + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h))
      throw new GoJsonError("invalid character in \\u hexadecimal character escape");
    this.pos += 4;
    return parseInt(h, 16);
  }
};

// src/merge/helm-values/strvals-scanner.ts
var GoError = class _GoError extends Error {
  /** `errors.Is(err, io.EOF)`. */
  eof;
  /** `err == io.EOF`: the EOF itself, not wrapped (helm 3's parse loop checks only this). */
  bareEof;
  constructor(message, eof = false, bareEof = false) {
    super(message);
    this.eof = eof;
    this.bareEof = bareEof;
  }
  /** `fmt.Errorf(prefix + "%w", err)`: the wrapped error keeps its EOF identity. */
  wrap(prefix) {
    return new _GoError(`${prefix}${this.message}`, this.eof);
  }
  /** True when the parse loop of helm `major` treats this error as a clean end of input. */
  endsInput(major) {
    return major === 3 ? this.bareEof : this.eof;
  }
};
var EOF = () => new GoError("EOF", true, true);
var GoPanic = class extends Error {
};
var RuneScanner = class {
  runes;
  pos = 0;
  constructor(text) {
    this.runes = [...text];
  }
  /** The next rune, or undefined at the end. */
  read() {
    const r = this.runes[this.pos];
    if (r !== void 0) this.pos++;
    return r;
  }
  unread() {
    if (this.pos > 0) this.pos--;
  }
  /** What is left, without consuming it. */
  rest() {
    return this.runes.slice(this.pos).join("");
  }
  /** Skips `n` UTF-16 code units worth of runes of {@link rest}. */
  skipUnits(n) {
    let units = 0;
    while (units < n && this.pos < this.runes.length) units += this.runes[this.pos++].length;
  }
  /**
   * Reads until one of `stop`; with `escapes`, a backslash takes the next rune literally.
   * Returns the text read, the stop rune (undefined at the end) and whether the end was hit.
   */
  until(stop, escapes) {
    let text = "";
    for (; ; ) {
      const r = this.read();
      if (r === void 0) return { text, last: void 0, eof: true };
      if (stop.includes(r)) return { text, last: r, eof: false };
      if (escapes && r === "\\") {
        const next = this.read();
        if (next === void 0) return { text, last: void 0, eof: true };
        text += next;
        continue;
      }
      text += r;
    }
  }
};
function assertMap(v) {
  if (v !== void 0 && isMap(v)) return v;
  throw new GoPanic(
    `interface conversion: interface {} is ${goTypeName2(v ?? null)}, not map[string]interface {}`
  );
}
function assertList(v) {
  if (Array.isArray(v)) return v;
  throw new GoPanic(`interface conversion: interface {} is ${goTypeName2(v ?? null)}, not []interface {}`);
}
function goQuote3(s) {
  let out = '"';
  for (const ch2 of s) {
    const cp = ch2.codePointAt(0);
    const named = {
      '"': '\\"',
      "\\": "\\\\",
      "\n": "\\n",
      "\r": "\\r",
      "	": "\\t",
      "\x07": "\\a",
      "\b": "\\b",
      "\f": "\\f",
      "\v": "\\v"
    };
    if (named[ch2] !== void 0) out += named[ch2];
    else if (cp < 32 || cp === 127) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else out += ch2;
  }
  return `${out}"`;
}
function goQuoteRunes(s) {
  const quoted = [...s].map((ch2) => {
    if (ch2 === "'") return "'\\''";
    const q = goQuote3(ch2);
    return `'${q.slice(1, -1).replace(/^\\"$/, '"')}'`;
  });
  return `[${quoted.join(" ")}]`;
}
function atoi2(s) {
  if (!/^[+-]?[0-9]+$/.test(s)) throw new GoError(`strconv.Atoi: parsing ${goQuote3(s)}: invalid syntax`);
  const n = BigInt(s);
  if (n > (1n << 63n) - 1n || n < -(1n << 63n))
    throw new GoError(`strconv.Atoi: parsing ${goQuote3(s)}: value out of range`);
  return Number(n);
}
function setIndex(list2, index, val) {
  if (index < 0) throw new GoError(`negative ${index} index not allowed`);
  if (index > MAX_INDEX)
    throw new GoError(`index of ${index} is greater than maximum supported index of ${MAX_INDEX}`);
  let out = list2;
  if (out.length <= index) {
    out = [...list2];
    while (out.length <= index) out.push(null);
  }
  out[index] = val;
  return out;
}
var MAX_INDEX = 65536;
var MAX_NESTED_NAME_LEVEL = 30;
function setKey(data, key, val) {
  if (key !== "") data[key] = val;
}

// src/merge/helm-values/strvals.ts
function parseStrvalsInto(expression, dest, mode, major = 4) {
  const p = new StrvalsParser(new RuneScanner(expression), mode);
  for (; ; ) {
    const err = p.key(dest, 0);
    if (err === void 0) continue;
    if (err.endsInput(major)) return;
    throw err;
  }
}
function typedVal(text, asString) {
  if (asString) return text;
  const folded = text.replace(/ſ/g, "s").toLowerCase();
  if (folded === "true") return true;
  if (folded === "false") return false;
  if (folded === "null") return null;
  if (text === "0") return 0n;
  if (text !== "" && text[0] !== "0" && /^[+-]?[0-9]+$/.test(text)) {
    const n = BigInt(text);
    if (n >= -(1n << 63n) && n <= (1n << 63n) - 1n) return n;
  }
  return text;
}
var StrvalsParser = class {
  constructor(sc, mode) {
    this.sc = sc;
    this.mode = mode;
  }
  sc;
  mode;
  /** One `key=value` step; returns the error helm's `key` would return. */
  key(data, level) {
    try {
      return this.keyUnguarded(data, level);
    } catch (err) {
      if (err instanceof GoPanic) return new GoError(`unable to parse key: ${err.message}`);
      if (err instanceof GoError) return err;
      throw err;
    }
  }
  keyUnguarded(data, level) {
    const { text: k, last, eof } = this.sc.until("=[,.", true);
    if (eof) return k === "" ? EOF() : new GoError(`key ${goQuote3(k)} has no value`);
    if (last === "[") {
      let i;
      try {
        i = this.keyIndex();
      } catch (err3) {
        if (err3 instanceof GoError) return err3.wrap("error parsing index: ");
        throw err3;
      }
      const list2 = k in data ? assertList(data[k]) : [];
      const [out, err2] = this.listItem(list2, i, level);
      setKey(data, k, out);
      return err2;
    }
    if (last === "=")
      return this.mode.kind === "json" ? this.jsonValue((v) => setKey(data, k, v)) : this.assign(data, k);
    if (last === ",") {
      setKey(data, k, "");
      return new GoError(`key ${goQuote3(k)} has no value (cannot end with ,)`);
    }
    const next = level + 1;
    if (next > MAX_NESTED_NAME_LEVEL) {
      return new GoError(
        `value name nested level is greater than maximum supported nested level of ${MAX_NESTED_NAME_LEVEL}`
      );
    }
    const inner = k in data ? assertMap(data[k]) : newMap();
    const err = this.key(inner, next);
    const filled = Object.keys(inner).length > 0;
    if (err === void 0 && !filled) return new GoError(`key map ${goQuote3(k)} has no value`);
    if (filled) setKey(data, k, inner);
    return err;
  }
  assign(data, k) {
    const list2 = this.valList();
    if (list2.err === void 0) {
      setKey(data, k, list2.items);
      return void 0;
    }
    if (list2.err === "eof") {
      setKey(data, k, "");
      return EOF();
    }
    if (list2.err !== "notlist") return list2.err;
    const text = this.sc.until(",", true).text;
    setKey(data, k, this.read(text));
    return void 0;
  }
  /** `--set-json` value: empty means null; otherwise one JSON value, then optional spaces and a comma. */
  jsonValue(store) {
    if (this.emptyVal()) {
      store(null);
      return void 0;
    }
    let decoded2;
    try {
      decoded2 = decodeJsonPrefix(this.sc.rest(), 0);
    } catch (err) {
      if (err instanceof GoJsonError) return new GoError(err.message);
      throw err;
    }
    store(decoded2.value);
    this.sc.skipUnits(decoded2.end);
    this.emptyVal();
    return void 0;
  }
  read(text) {
    switch (this.mode.kind) {
      case "typed":
        return typedVal(text, false);
      case "string":
        return text;
      case "file":
        return this.mode.read(text);
      case "json":
        return text;
    }
  }
  keyIndex() {
    const { text, eof } = this.sc.until("]", true);
    if (eof) throw EOF();
    return atoi2(text);
  }
  listItem(list2, i, level) {
    if (i < 0) return [list2, new GoError(`negative ${i} index not allowed`)];
    const { text, last, eof } = this.sc.until("[.=", true);
    if (text !== "")
      return [list2, new GoError(`unexpected data at end of array index: ${goQuoteRunes(text)}`)];
    if (eof) return [list2, EOF()];
    try {
      if (last === "=") return this.listAssign(list2, i);
      if (last === "[") {
        let next;
        try {
          next = this.keyIndex();
        } catch (err3) {
          if (err3 instanceof GoError) return [list2, err3.wrap("error parsing index: ")];
          throw err3;
        }
        const existing = list2.length > i ? list2[i] : null;
        const current = existing === null || existing === void 0 ? [] : assertList(existing);
        const [inner2, err2] = this.listItem(current, next, level);
        if (err2 !== void 0) return [list2, err2];
        return [setIndex(list2, i, inner2), void 0];
      }
      let inner = newMap();
      if (list2.length > i) {
        const existing = list2[i];
        if (existing !== void 0 && existing !== null && typeof existing === "object" && !Array.isArray(existing))
          inner = existing;
        else list2[i] = inner;
      }
      const err = this.key(inner, level);
      if (err !== void 0) return [list2, err];
      return [setIndex(list2, i, inner), void 0];
    } catch (err) {
      if (err instanceof GoError) return [list2, err];
      throw err;
    }
  }
  listAssign(list2, i) {
    if (this.mode.kind === "json") {
      let out = list2;
      const err = this.jsonValue((v) => {
        out = setIndex(list2, i, v);
      });
      return [out, err];
    }
    const vl = this.valList();
    if (vl.err === void 0) return [setIndex(list2, i, vl.items), void 0];
    if (vl.err === "eof") return [setIndex(list2, i, ""), void 0];
    if (vl.err !== "notlist") return [list2, vl.err];
    const text = this.sc.until(",", true).text;
    return [setIndex(list2, i, this.read(text)), void 0];
  }
  /** `{a,b}` list syntax; "notlist" when the value does not start with `{`. */
  valList() {
    const r = this.sc.read();
    if (r === void 0) return { err: "eof" };
    if (r !== "{") {
      this.sc.unread();
      return { err: "notlist" };
    }
    const items = [];
    for (; ; ) {
      const { text, last, eof } = this.sc.until(",}", true);
      if (eof) return { err: new GoError("list must terminate with '}'") };
      if (last === "}") {
        const after = this.sc.read();
        if (after !== void 0 && after !== ",") this.sc.unread();
        items.push(this.read(text));
        return { items };
      }
      items.push(this.read(text));
    }
  }
  /** Skips spaces; true at a comma (consumed) or the end. */
  emptyVal() {
    for (; ; ) {
      const r = this.sc.read();
      if (r === void 0 || r === ",") return true;
      if (!/\s/u.test(r)) {
        this.sc.unread();
        return false;
      }
    }
  }
};

// src/merge/helm-values/strvals-literal.ts
function parseLiteralInto(expression, dest, major = 4) {
  const p = new LiteralParser(new RuneScanner(expression));
  for (; ; ) {
    const err = p.key(dest, 0);
    if (err === void 0) continue;
    if (err.endsInput(major)) return;
    throw err;
  }
}
var LiteralParser = class {
  constructor(sc) {
    this.sc = sc;
  }
  sc;
  key(data, level) {
    try {
      return this.keyUnguarded(data, level);
    } catch (err) {
      if (err instanceof GoPanic) return new GoError(`unable to parse key: ${err.message}`);
      if (err instanceof GoError) return err;
      throw err;
    }
  }
  keyUnguarded(data, level) {
    const { text: k, last, eof } = this.sc.until("=[.", false);
    if (eof) return k === "" ? EOF() : new GoError(`key ${goQuote3(k)} has no value`);
    if (last === "=") {
      setKey(data, k, this.sc.until("", false).text);
      return void 0;
    }
    if (last === ".") {
      const next = level + 1;
      if (next > MAX_NESTED_NAME_LEVEL) {
        return new GoError(
          `value name nested level is greater than maximum supported nested level of ${MAX_NESTED_NAME_LEVEL}`
        );
      }
      const inner = k in data ? assertMap(data[k]) : newMap();
      const err2 = this.key(inner, next);
      const filled = Object.keys(inner).length > 0;
      if (err2 === void 0 && !filled) return new GoError(`key map ${goQuote3(k)} has no value`);
      if (filled) setKey(data, k, inner);
      return err2;
    }
    let i;
    try {
      i = this.keyIndex();
    } catch (err2) {
      if (err2 instanceof GoError) return err2.wrap("error parsing index: ");
      throw err2;
    }
    const list2 = k in data ? assertList(data[k]) : [];
    const [out, err] = this.listItem(list2, i, level);
    setKey(data, k, out);
    return err;
  }
  keyIndex() {
    const { text, eof } = this.sc.until("]", false);
    if (eof) throw EOF();
    return atoi2(text);
  }
  listItem(list2, i, level) {
    if (i < 0) return [list2, new GoError(`negative ${i} index not allowed`)];
    const { text, last, eof } = this.sc.until("[.=", false);
    if (text !== "")
      return [list2, new GoError(`unexpected data at end of array index: ${goQuoteRunes(text)}`)];
    if (eof) return [list2, EOF()];
    try {
      if (last === "=") return [setIndex(list2, i, this.sc.until("", false).text), void 0];
      if (last === ".") {
        let inner2 = newMap();
        if (list2.length > i) {
          const existing2 = list2[i];
          if (existing2 !== void 0 && existing2 !== null && typeof existing2 === "object" && !Array.isArray(existing2))
            inner2 = existing2;
          else list2[i] = inner2;
        }
        const err2 = this.key(inner2, level);
        if (err2 !== void 0) return [list2, err2];
        return [setIndex(list2, i, inner2), void 0];
      }
      let next;
      try {
        next = this.keyIndex();
      } catch (err2) {
        if (err2 instanceof GoError) return [list2, err2.wrap("error parsing index: ")];
        throw err2;
      }
      const existing = list2.length > i ? list2[i] : null;
      const current = existing === null || existing === void 0 ? [] : assertList(existing);
      const [inner, err] = this.listItem(current, next, level);
      if (err !== void 0) return [list2, err];
      return [setIndex(list2, i, inner), void 0];
    } catch (err) {
      if (err instanceof GoError) return [list2, err];
      throw err;
    }
  }
};

// src/merge/helm-values/user-values.ts
var FLAG_ORDER = ["set-json", "set", "set-string", "set-file", "set-literal"];
function mergeUserValues(files, flags, options) {
  let base = newMap();
  for (const file of files) {
    const text = file.content ?? readValuesFile(file.name, options);
    let current;
    try {
      current = parseHelmValuesText(text, options.major);
    } catch (err) {
      if (!(err instanceof ValuesFileError)) throw err;
      const detail = file.secret === true ? "invalid YAML (details hidden for a secret values file)" : err.message;
      throw new MergeError("HELM_VALUES_YAML", `failed to parse ${file.name}: ${detail}`, {
        file: file.name,
        ...err.line === void 0 ? {} : { line: err.line },
        ...file.secret === true ? {} : { cause: err }
      });
    }
    base = mergeMaps2(base, current);
  }
  for (const kind of FLAG_ORDER) {
    for (const flag of flags) if (flag.kind === kind) base = applyFlag(base, flag, options);
  }
  return base;
}
function readValuesFile(name, options) {
  try {
    return options.readFile(name);
  } catch (err) {
    throw new MergeError("HELM_VALUES_FILE", `open ${name}: no such file or directory`, {
      file: name,
      cause: err
    });
  }
}
function applyFlag(base, flag, options) {
  const shown = flag.secret ? "<secret>" : flag.expression;
  if (flag.kind === "set-json") return applySetJson(base, flag.expression, shown, options.major);
  try {
    if (flag.kind === "set-literal") parseLiteralInto(flag.expression, base, options.major);
    else parseStrvalsInto(flag.expression, base, modeOf(flag.kind, options), options.major);
  } catch (err) {
    if (!(err instanceof GoError)) throw err;
    throw new MergeError(
      flag.kind === "set-file" ? "HELM_SET_FILE" : "HELM_SET_SYNTAX",
      `failed parsing --${flag.kind} data: ${err.message}`,
      {
        found: shown,
        cause: err
      }
    );
  }
  return base;
}
function modeOf(kind, options) {
  if (kind === "set-string") return { kind: "string" };
  if (kind !== "set-file") return { kind: "typed" };
  return {
    kind: "file",
    read: (path) => {
      try {
        return options.readFile(path);
      } catch {
        throw new GoError(`open ${path}: no such file or directory`);
      }
    }
  };
}
function applySetJson(base, expression, shown, major) {
  const trimmed = expression.trim();
  if (major === 4 && trimmed.startsWith("{")) {
    let parsed;
    try {
      parsed = decodeJsonWhole(trimmed);
    } catch (err) {
      if (!(err instanceof GoJsonError)) throw err;
      throw new MergeError("HELM_SET_JSON", `failed parsing --set-json data JSON: ${shown}`, {
        found: shown,
        cause: err
      });
    }
    return isMap(parsed) ? mergeMaps2(base, parsed) : base;
  }
  try {
    parseStrvalsInto(expression, base, { kind: "json" }, major);
  } catch (err) {
    if (!(err instanceof GoError)) throw err;
    throw new MergeError("HELM_SET_JSON", `failed parsing --set-json data ${shown}`, {
      found: shown,
      cause: err
    });
  }
  return base;
}

// src/merge/helm-values/compute-helm-values.ts
function computeHelmValues(input) {
  const major = input.helmVersion ?? 4;
  const readFile2 = input.readFile ?? ((path) => {
    throw new MergeError("HELM_VALUES_FILE", `open ${path}: no such file or directory`, { file: path });
  });
  const userValues = mergeUserValues(input.files, input.flags, { readFile: readFile2, major });
  const chart = {
    name: input.chartName ?? "chart",
    values: chartValuesOf(input.chartValues, "values.yaml", major, ""),
    ...dependenciesOf(input.subcharts ?? [], major, "", input.chartName ?? "chart")
  };
  const warnings = [];
  const ctx = { printf: (m) => warnings.push(m), major };
  try {
    processDependencies(ctx, chart, userValues);
  } catch (err) {
    if (!(err instanceof CoalesceError)) throw err;
    if (major === 3) throw new MergeError("HELM_SUBCHART_TYPE", err.message, { cause: err });
    throw new MergeError("HELM_SUBCHART_TYPE", `chart dependencies processing failed: ${err.message}`, {
      cause: err
    });
  }
  let values;
  try {
    values = coalesceValuesTree(ctx, chart, userValues);
  } catch (err) {
    if (!(err instanceof CoalesceError)) throw err;
    throw new MergeError("HELM_SUBCHART_TYPE", err.message, { cause: err });
  }
  const subchartValues = {};
  collectSubcharts(chart, values, input.subcharts ?? [], "", subchartValues);
  return { userValues: cloneValue(userValues), values, subchartValues, warnings };
}
function asFloat64Numbers(v) {
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(asFloat64Numbers);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = asFloat64Numbers(v[k]);
    return out;
  }
  return v;
}
function chartValuesOf(values, file, major, unpacking) {
  if (values === void 0 || values === null) return newMap();
  if (typeof values !== "string") return asFloat64Numbers(values);
  try {
    return parseHelmValuesText(values, major);
  } catch (err) {
    if (!(err instanceof ValuesFileError)) throw err;
    throw new MergeError("HELM_CHART_VALUES_YAML", `${unpacking}cannot load values.yaml: ${err.message}`, {
      file,
      ...err.line === void 0 ? {} : { line: err.line },
      cause: err
    });
  }
}
function dependenciesOf(subs, major, path, parent, unpacking = "") {
  const dependencies = subs.map((s) => {
    const inner = `${unpacking}error unpacking subchart ${s.name} in ${parent}: `;
    return {
      name: s.name,
      values: chartValuesOf(s.values, `${path}charts/${s.name}/values.yaml`, major, inner),
      ...dependenciesOf(s.subcharts ?? [], major, `${path}charts/${s.name}/`, s.name, inner)
    };
  });
  const declared = subs.filter((s) => s.declared !== false).map((s) => ({
    name: s.name,
    alias: s.alias,
    condition: s.condition ?? "",
    tags: s.tags ?? [],
    importValues: s.importValues ?? [],
    enabled: true
  }));
  return { dependencies, metadataDeps: declared.length > 0 ? declared : null };
}
function collectSubcharts(chart, values, inputs, prefix, out) {
  for (const input of inputs) {
    const name = input.declared !== false && input.alias !== void 0 && input.alias !== "" ? input.alias : input.name;
    const node = chart.dependencies.find((d) => d.name === name);
    const key = `${prefix}${name}`;
    const sub2 = values[name];
    if (node === void 0 || sub2 === void 0 || !isMap(sub2)) {
      out[key] = null;
      continue;
    }
    out[key] = sub2;
    collectSubcharts(node, sub2, input.subcharts ?? [], `${key}.`, out);
  }
}

// src/emit/default-pipeline.ts
function createDefaultPipeline(io) {
  const env = io?.env ?? { ...process.env };
  const cwd = io?.cwd ?? process.cwd();
  const fs = io?.fs ?? new NodeFileSystem(cwd);
  const runner = io?.runner ?? withProcessLimits(new NodeProcessRunner({ baseEnv: env, cwd }), resolveLimits({}, env));
  let secretsEdge;
  const nodeSecrets = () => secretsEdge ??= createNodeSecrets({ cwd, env });
  const helms = /* @__PURE__ */ new Map();
  const helm2 = (explicit2) => {
    const key = explicit2 ?? "";
    let found = helms.get(key);
    if (found === void 0) {
      found = findHelm(runner, { env, cwd, ...explicit2 === void 0 ? {} : { explicit: explicit2 } });
      helms.set(key, found);
    }
    return found;
  };
  return {
    loadDesiredState: async (options, context) => loadDesiredState(
      { ...options, cwd, ...context.helmBinary === void 0 ? {} : { helmBinary: context.helmBinary } },
      {
        fs,
        env,
        processRunner: runner,
        logger: redactingLogger(context.logger, nodeSecrets().registry),
        secrets: io?.secrets ?? nodeSecrets().decryptor,
        secretResolver: nodeSecrets().resolver
      }
    ),
    renderReleases: async (state, context) => {
      const rendered = await renderDesiredState(
        state,
        { helm: await helm2(context.helmBinary), concurrency: context.concurrency },
        {
          fs,
          runner,
          scratch: new NodeScratchFileSystem(),
          logger: redactingLogger(context.logger, nodeSecrets().registry)
        }
      );
      return new Map(rendered.map((r) => [r.release.id, r.manifest]));
    },
    releaseValues: async (release, context) => {
      const major = (await helm2(context.helmBinary)).major === 3 ? 3 : 4;
      const files = release.values.map(
        (v) => v.kind === "inline" ? { name: v.origin, content: v.content } : { name: v.path }
      );
      const result = computeHelmValues({
        files,
        flags: release.setFlags,
        readFile: (path) => fs.readFile(path),
        helmVersion: major
      });
      return result.userValues;
    },
    clusterConfigured: () => kubeconfigPresent(env, fs)
  };
}
function kubeconfigPresent(env, fs) {
  if ((env.KUBERNETES_SERVICE_HOST ?? "") !== "") return true;
  const listed = (env.KUBECONFIG ?? "").split(":").filter((p) => p !== "");
  if (listed.length > 0) return listed.some((p) => fs.exists(p));
  const home = env.HOME ?? "";
  return home !== "" && fs.exists((0, import_node_path11.join)(home, ".kube", "config"));
}

// src/emit/helmfile-args.ts
var HelmfileMode = {
  /** Render with `helm template` and apply the manifests as a `kubernetes:yaml/v2:ConfigGroup` (default). */
  Manifests: "manifests",
  /** Install with Helm itself through a `kubernetes:helm.sh/v3:Release` holding the merged values. */
  HelmRelease: "helm-release"
};

// src/emit/map-concurrent.ts
async function mapConcurrent(items, limit, fn2) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn2(items[index], index);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}

// src/emit/resolve-inputs.ts
var pulumi = __toESM(require("@pulumi/pulumi"));
var UNKNOWN = /* @__PURE__ */ Symbol("pulumi-helmfile.unknown");
function asInternals(output3) {
  const candidate = output3;
  if (typeof candidate.promise !== "function" || candidate.isKnown === void 0 || candidate.isSecret === void 0) {
    throw new EmitError(
      "EMIT_OUTPUT_INTERNALS",
      "this @pulumi/pulumi version exposes no Output.promise/isKnown"
    );
  }
  return candidate;
}
async function resolveInput(input) {
  const unknownPaths = [];
  const resources = /* @__PURE__ */ new Set();
  let secret2 = false;
  const walk2 = async (node, path) => {
    if (pulumi.Output.isInstance(node)) {
      const internals = asInternals(node);
      const [value2, known, isSecret] = await Promise.all([
        internals.promise(true),
        internals.isKnown,
        internals.isSecret
      ]);
      if (isSecret) secret2 = true;
      if (internals.allResources !== void 0)
        for (const r of await internals.allResources()) resources.add(r);
      if (!known && !pulumi.containsUnknowns(value2)) {
        unknownPaths.push(path);
        return UNKNOWN;
      }
      return walk2(value2, path);
    }
    if (node instanceof Promise) return walk2(await node, path);
    if (pulumi.isUnknown(node)) {
      unknownPaths.push(path);
      return UNKNOWN;
    }
    if (Array.isArray(node)) return Promise.all(node.map((item, i) => walk2(item, [...path, i])));
    if (typeof node === "object" && node !== null && !pulumi.Resource.isInstance(node)) {
      const out = {};
      for (const [key, item] of Object.entries(node)) {
        const resolved = await walk2(item, [...path, key]);
        if (resolved !== void 0) out[key] = resolved;
      }
      return out;
    }
    return node;
  };
  const value = await walk2(input, []);
  return { value, unknownPaths, secret: secret2, resources: [...resources] };
}

// src/emit/resource-names.ts
function releaseResourceNames(ids) {
  const names = /* @__PURE__ */ new Map();
  const used = /* @__PURE__ */ new Set();
  for (const id of ids) {
    if (names.has(id)) continue;
    const base = id.replace(/[^A-Za-z0-9._/-]/g, "-").replace(/^\/+|\/+$/g, "") || "release";
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    names.set(id, candidate);
  }
  return names;
}

// src/emit/plan-releases.ts
var PLACEHOLDER_PREFIX = "pulumi-helmfile-unknown";
async function planReleases2(pipeline, options, context) {
  const first = await loadAndRender(pipeline, options, "a", context);
  let changed = /* @__PURE__ */ new Set();
  const everythingUnknown = options.unknownPaths.some((path) => path.length === 0);
  if (everythingUnknown) changed = new Set(first.rendered.map((r) => r.release.id));
  else if (options.unknownPaths.length > 0) {
    const second = await loadAndRender(pipeline, options, "b", context);
    changed = changedReleases(first.rendered, second.rendered);
  }
  const installed = first.rendered.filter((r) => r.release.installed);
  const names = releaseResourceNames(installed.map((r) => r.release.id));
  return installed.map((r) => {
    const chart = chartSource(r.release, first.state);
    const needs = r.release.needs.flatMap((id) => {
      const name = names.get(id);
      return name === void 0 ? [] : [name];
    });
    return {
      id: r.release.id,
      resourceName: names.get(r.release.id) ?? r.release.id,
      name: r.release.name,
      namespace: r.release.namespace,
      chart: r.release.chart,
      ...r.release.version === void 0 || r.release.version === "" ? {} : { version: r.release.version },
      values: r.values,
      manifest: r.manifest,
      needs,
      secret: options.inputSecret || r.release.hasSecrets,
      manifestHasSecret: /^kind:\s*["']?Secret["']?\s*$/m.test(r.manifest),
      unknown: changed.has(r.release.id) || r.values.includes(PLACEHOLDER_PREFIX) || r.manifest.includes(PLACEHOLDER_PREFIX),
      chartRef: chart.ref,
      ...chart.repositoryUrl === void 0 ? {} : { repositoryUrl: chart.repositoryUrl }
    };
  });
}
async function loadAndRender(pipeline, options, variant, context) {
  const stateValues = withPlaceholders(options.stateValues, variant);
  const state = await pipeline.loadDesiredState(
    { ...options.state, ...Object.keys(stateValues).length > 0 ? { stateValues } : {} },
    context
  );
  const manifests = await pipeline.renderReleases(state, context);
  const rendered = await mapConcurrent(state.releases, context.concurrency, async (release) => {
    if (!release.installed) return { release, values: "{}", manifest: "" };
    try {
      const values = canonicalJson(await pipeline.releaseValues(release, context));
      const manifest = manifests.get(release.id);
      if (manifest === void 0)
        throw new EmitError("EMIT_NOT_RENDERED", "helm rendered no manifest for this release");
      return { release, values, manifest };
    } catch (err) {
      throw releaseError(release, err);
    }
  });
  return { state, rendered };
}
function releaseError(release, err) {
  const message = err instanceof Error ? err.message : String(err);
  if (isHelmfileError(err) && message.includes(release.name)) return err;
  return new EmitError("EMIT_RELEASE_FAILED", `release ${release.id}: ${message}`, {
    file: release.stateFile,
    cause: err
  });
}
function changedReleases(a, b) {
  const byId = new Map(b.map((r) => [r.release.id, r]));
  const changed = /* @__PURE__ */ new Set();
  for (const r of a) {
    const other = byId.get(r.release.id);
    if (other === void 0 || other.values !== r.values || other.manifest !== r.manifest)
      changed.add(r.release.id);
  }
  return changed;
}
function withPlaceholders(stateValues, variant) {
  let counter = 0;
  const substitute = (node) => {
    if (node === UNKNOWN) return `${PLACEHOLDER_PREFIX}-${variant}-${counter++}`;
    if (Array.isArray(node)) return node.map(substitute);
    if (typeof node === "object" && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, substitute(v)]));
    }
    return node;
  };
  const converted = fromPlain(substitute(stateValues));
  return isMap(converted) ? converted : newMap();
}
function chartSource(release, state) {
  if (release.chartPath !== void 0) return { ref: release.chartPath };
  if (release.chart.startsWith("oci://")) return { ref: release.chart };
  const slash = release.chart.indexOf("/");
  if (slash > 0) {
    const repoName = release.chart.slice(0, slash);
    const chartName = release.chart.slice(slash + 1);
    for (const s of state.states) {
      const repo = s.repositories.find((r) => r.name === repoName);
      if (repo === void 0) continue;
      if (repo.oci) return { ref: `oci://${repo.url.replace(/^oci:\/\//, "")}/${chartName}` };
      return { ref: chartName, repositoryUrl: repo.url };
    }
  }
  return { ref: release.chart };
}

// src/emit/release.ts
var pulumi2 = __toESM(require("@pulumi/pulumi"));
var k8s = __toESM(require("@pulumi/kubernetes"));
var RELEASE_TYPE = "helmfile:index:Release";
var Release = class extends pulumi2.ComponentResource {
  /** The merged user values (canonical JSON), as passed in. */
  values;
  /** The rendered manifest, as passed in. */
  manifest;
  /**
   * @param name The unique resource name (the sanitised helmfile release id).
   * @param args The release's inputs.
   * @param opts Resource options; `dependsOn` carries the release's `needs`.
   */
  constructor(name, args, opts) {
    super(RELEASE_TYPE, name, args, opts);
    this.values = pulumi2.output(args.values);
    this.manifest = pulumi2.output(args.manifest);
    this.registerOutputs({ values: this.values, manifest: this.manifest });
  }
  /** Creates the child once the mode is known (it is an Input when constructed remotely). */
  async initialize(args, opts, name) {
    const releaseArgs2 = args;
    const resolvedMode = await resolveInput(releaseArgs2.mode);
    const mode = resolvedMode.value ?? HelmfileMode.Manifests;
    const childName = name ?? "release";
    const childOpts = {
      parent: this,
      ...opts?.dependsOn === void 0 ? {} : { dependsOn: opts.dependsOn }
    };
    if (mode === HelmfileMode.Manifests) {
      new k8s.yaml.v2.ConfigGroup(childName, { yaml: releaseArgs2.manifest }, childOpts);
      return void 0;
    }
    if (mode !== HelmfileMode.HelmRelease) {
      throw new ConfigError("CONFIG_BAD_MODE", `release ${childName}: unknown mode`, {
        keyPath: ["mode"],
        expected: `"${HelmfileMode.Manifests}" or "${HelmfileMode.HelmRelease}"`,
        found: JSON.stringify(mode)
      });
    }
    const repositoryUrl = releaseArgs2.repositoryUrl;
    new k8s.helm.v3.Release(
      childName,
      {
        name: releaseArgs2.name,
        namespace: releaseArgs2.namespace,
        chart: releaseArgs2.chartRef ?? releaseArgs2.chart,
        ...releaseArgs2.version === void 0 ? {} : { version: releaseArgs2.version },
        values: pulumi2.output(releaseArgs2.values).apply((json) => JSON.parse(json)),
        ...repositoryUrl === void 0 ? {} : { repositoryOpts: { repo: repositoryUrl } }
      },
      childOpts
    );
    return void 0;
  }
};

// src/emit/resolve-helmfile-args.ts
var DEFAULT_CONCURRENCY = 4;
async function resolveHelmfileArgs(args) {
  const fields = Object.entries(args).filter(([, v]) => v !== void 0);
  const resolved = /* @__PURE__ */ new Map();
  await Promise.all(fields.map(async ([key, v]) => resolved.set(key, await resolveInput(v))));
  for (const [key, r] of resolved) {
    if (key !== "stateValues" && r.unknownPaths.length > 0) {
      throw new EmitError(
        "EMIT_UNKNOWN_INPUT",
        `input "${key}" is unknown during preview; it decides which releases exist`,
        {
          keyPath: [key],
          expected: "a value known at preview"
        }
      );
    }
  }
  const str2 = (key) => {
    const v = resolved.get(key)?.value;
    if (v === void 0 || v === null) return void 0;
    if (typeof v !== "string") throw badType(key, "a string", v);
    return v;
  };
  const strList2 = (key) => {
    const v = resolved.get(key)?.value;
    if (v === void 0 || v === null) return void 0;
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw badType(key, "a list of strings", v);
    return v;
  };
  const file = str2("file");
  if (file === void 0 || file === "") throw badType("file", "a helmfile path", file);
  const mode = str2("mode") ?? HelmfileMode.Manifests;
  if (mode !== HelmfileMode.Manifests && mode !== HelmfileMode.HelmRelease) {
    throw badType("mode", `"${HelmfileMode.Manifests}" or "${HelmfileMode.HelmRelease}"`, mode);
  }
  const stateValues = resolved.get("stateValues");
  const sv = stateValues?.value ?? {};
  if (typeof sv !== "object" || sv === null || Array.isArray(sv)) throw badType("stateValues", "a map", sv);
  const skipDeps = resolved.get("skipDeps")?.value;
  if (skipDeps !== void 0 && typeof skipDeps !== "boolean")
    throw badType("skipDeps", "a boolean", skipDeps);
  const concurrency = resolved.get("concurrency")?.value ?? DEFAULT_CONCURRENCY;
  if (typeof concurrency !== "number" || !Number.isInteger(concurrency) || concurrency < 1) {
    throw badType("concurrency", "a positive integer", concurrency);
  }
  const provider = resolved.get("provider")?.value;
  const state = compactState({
    file,
    environment: str2("environment"),
    stateValuesFiles: strList2("stateValuesFiles"),
    stateValuesSet: strList2("stateValuesSet"),
    stateValuesSetString: strList2("stateValuesSetString"),
    selectors: strList2("selectors"),
    namespace: str2("namespace"),
    kubeContext: str2("kubeContext"),
    skipDeps: skipDeps === true ? true : void 0
  });
  const helmBinary = str2("helmBinary");
  const renderToDirectory = str2("renderToDirectory");
  return {
    state,
    stateValues: sv,
    unknownPaths: stateValues?.unknownPaths ?? [],
    mode,
    concurrency,
    ...helmBinary === void 0 ? {} : { helmBinary },
    ...renderToDirectory === void 0 ? {} : { renderToDirectory },
    ...provider === void 0 || provider === null ? {} : { provider },
    secret: [...resolved.values()].some((r) => r.secret),
    dependencies: [...new Set([...resolved.values()].flatMap((r) => r.resources))]
  };
}
function compactState(state) {
  const out = {};
  for (const [k, v] of Object.entries(state)) if (v !== void 0) out[k] = v;
  return out;
}
function badType(key, expected, found) {
  return new ConfigError("CONFIG_BAD_INPUT", `Helmfile input "${key}" is invalid`, {
    keyPath: [key],
    expected,
    found: JSON.stringify(found) ?? String(found)
  });
}

// src/emit/helmfile.ts
var HELMFILE_TYPE = "helmfile:index:Helmfile";
var Helmfile = class extends pulumi3.ComponentResource {
  /** Ids (`[kubeContext/]namespace/name`) of the releases created, in helmfile's order. */
  releaseIds;
  /**
   * @param name The unique name of the component.
   * @param args The helmfile to run and helmfile's global options.
   * @param opts Resource options.
   */
  constructor(name, args, opts) {
    super(HELMFILE_TYPE, name, args, opts);
    const ids = this.getData().then(
      (d) => d.releaseIds,
      (err) => {
        void pulumi3.log.error(err instanceof Error ? err.message : String(err), this);
        return [];
      }
    );
    this.releaseIds = pulumi3.output(ids);
    this.registerOutputs({ releaseIds: this.releaseIds });
  }
  /** The `Release` children by release id, once created (TypeScript only). */
  get releases() {
    return this.getData().then((d) => d.releases);
  }
  /** Loads, renders and emits; runs once, from the base constructor. */
  async initialize(args, opts, name) {
    const resolved = await resolveHelmfileArgs(args);
    const pipeline = opts?.pipeline ?? createDefaultPipeline();
    const logger = opts?.logger ?? pulumiLogger(this);
    const providers = kubernetesProviders(this, name ?? "helmfile", resolved, pipeline, opts);
    const plans = await planReleases2(
      pipeline,
      {
        state: resolved.state,
        stateValues: resolved.stateValues,
        unknownPaths: resolved.unknownPaths,
        inputSecret: resolved.secret
      },
      {
        ...resolved.helmBinary === void 0 ? {} : { helmBinary: resolved.helmBinary },
        concurrency: resolved.concurrency,
        logger
      }
    );
    const releases = emitReleases(this, plans, resolved, providers);
    return { releaseIds: plans.map((p) => p.id), releases };
  }
};
function kubernetesProviders(parent, name, resolved, pipeline, opts) {
  const target = clusterTarget(
    resolved,
    hasKubernetesProvider(opts),
    (ctx) => pipeline.clusterConfigured(ctx)
  );
  if (target === "directory") {
    return [
      new k8s2.Provider(`${name}-render`, { renderYamlToDirectory: resolved.renderToDirectory }, { parent })
    ];
  }
  return target === "provider-arg" && resolved.provider !== void 0 ? [resolved.provider] : [];
}
function clusterTarget(resolved, providerInOptions, clusterConfigured) {
  if (resolved.renderToDirectory !== void 0) {
    if (resolved.mode === HelmfileMode.HelmRelease) {
      throw new ConfigError(
        "CONFIG_RENDER_HELM_RELEASE",
        'renderToDirectory works only with mode "manifests"',
        {
          keyPath: ["mode"],
          expected: `"${HelmfileMode.Manifests}"`,
          found: `"${resolved.mode}"`
        }
      );
    }
    return "directory";
  }
  if (resolved.provider !== void 0) return "provider-arg";
  if (providerInOptions) return "provider-option";
  if (!clusterConfigured(resolved.state.kubeContext)) {
    throw new ConfigError(
      "CONFIG_NO_CLUSTER",
      "no Kubernetes cluster is configured (no kubeconfig, KUBECONFIG or in-cluster service account) and renderToDirectory is not set",
      { expected: "renderToDirectory, a provider, or a kubeconfig" }
    );
  }
  return "ambient";
}
function hasKubernetesProvider(opts) {
  if (opts === void 0) return false;
  if (opts.provider !== void 0) return true;
  const providers = opts.providers;
  if (providers === void 0) return false;
  return Array.isArray(providers) ? providers.length > 0 : Object.keys(providers).includes("kubernetes");
}
function emitReleases(parent, plans, resolved, providers) {
  const byName = new Map(plans.map((p) => [p.resourceName, p]));
  const created = /* @__PURE__ */ new Map();
  const visiting = /* @__PURE__ */ new Set();
  const create = (plan) => {
    const done = created.get(plan.resourceName);
    if (done !== void 0) return done;
    if (visiting.has(plan.resourceName)) {
      throw new EmitError("EMIT_NEEDS_CYCLE", `release ${plan.id}: its needs form a cycle`, {
        keyPath: ["needs"]
      });
    }
    visiting.add(plan.resourceName);
    const needed = plan.needs.flatMap((n) => {
      const p = byName.get(n);
      return p === void 0 ? [] : [create(p)];
    });
    const release = new Release(plan.resourceName, releaseArgs(plan, resolved.mode), {
      parent,
      dependsOn: [...needed, ...resolved.dependencies],
      ...providers.length > 0 ? { providers } : {}
    });
    created.set(plan.resourceName, release);
    return release;
  };
  const out = {};
  for (const plan of plans) out[plan.id] = create(plan);
  return out;
}
function releaseArgs(plan, mode) {
  const text = (value, secret2) => {
    if (plan.unknown) return pulumi3.output(pulumi3.unknown);
    return secret2 ? pulumi3.secret(value) : value;
  };
  return {
    name: plan.name,
    namespace: plan.namespace,
    chart: plan.chart,
    ...plan.version === void 0 ? {} : { version: plan.version },
    values: text(plan.values, plan.secret),
    manifest: text(plan.manifest, plan.secret || plan.manifestHasSecret),
    mode,
    ...mode === HelmfileMode.HelmRelease ? { chartRef: plan.chartRef } : {},
    ...mode === HelmfileMode.HelmRelease && plan.repositoryUrl !== void 0 ? { repositoryUrl: plan.repositoryUrl } : {}
  };
}
function pulumiLogger(resource) {
  return {
    debug: (m) => void pulumi3.log.debug(m, resource),
    info: (m) => void pulumi3.log.info(m, resource),
    warn: (m) => void pulumi3.log.warn(m, resource)
  };
}

// provider/helmfile-provider.ts
var PROVIDER_NAME = "helmfile";
function fixProviderReferences(schemaJson) {
  return schemaJson.replace(
    /"(\/([A-Za-z0-9-]+)\/v[^/"]+\/schema\.json)#\/resources\/\2"/g,
    '"$1#/provider"'
  );
}
var HelmfileComponentProvider = class extends import_experimental.ComponentProvider {
  /** @param dirname Directory holding the provider's package.json and tsconfig.json. */
  constructor(dirname2) {
    super({ components: [Helmfile, Release], name: PROVIDER_NAME, dirname: dirname2 });
  }
  /**
   * Constructs a component. A `Helmfile` is awaited so that a load or render failure fails the
   * construct call with the error (naming the release) instead of only logging it.
   */
  async construct(name, type, inputs, options) {
    import_experimental.ComponentProvider.validateResourceType(PROVIDER_NAME, type);
    if (type.split(":")[2] !== "Helmfile") return super.construct(name, type, inputs, options);
    const helmfile = new Helmfile(name, inputs, options);
    await helmfile.releases;
    return { urn: helmfile.urn, state: { releaseIds: helmfile.releaseIds } };
  }
  /** The analyzer's schema with provider references fixed. */
  async getSchema() {
    return fixProviderReferences(await super.getSchema());
  }
};

// provider/index.ts
function providerDirectory(here) {
  return here.endsWith("bin") ? (0, import_node_path12.join)(here, "..") : here;
}
if (require.main === module) {
  void (0, import_provider.main)(new HelmfileComponentProvider(providerDirectory(__dirname)), process.argv.slice(2));
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  providerDirectory
});
