/**
 * A set of named templates sharing one function map, like a Go `*template.Template` with
 * its associated templates: files parsed into it can call each other's `{{define}}`s
 * (helm's `_helpers.tpl`, helmfile's `_*.tpl`), and functions can re-enter it
 * (`include`, `tpl`).
 */
import { GoTemplateError, TEMPLATE_CODES } from "./errors";
import { Executor, type RunShared, type TemplateHost } from "./exec/executor";
import { builtinFunctions } from "./builtins/index";
import { isEmptyTree, parseTrees, type ParsedTree } from "./parse/parser";
import {
  isStackExhausted,
  mergeFuncMaps,
  type FuncMap,
  type GoValue,
  type MissingKeyMode,
  type TemplateEnv,
} from "./types";

/** Options of a {@link TemplateSet}. */
export interface TemplateSetOptions {
  /** Name of the set, used in `no template "x" associated with template "<setName>"` (default `"gotpl"`). */
  readonly setName?: string;
  /** Functions added to Go's builtins; later names override builtins (default none). */
  readonly funcs?: FuncMap;
  /** Go's `missingkey` option (default `"default"`, which prints `<no value>`). */
  readonly missingKey?: MissingKeyMode;
  /** Side-effect environment for functions (default `{}`). */
  readonly env?: TemplateEnv;
  /** Maximum nesting of template calls (default 100000, Go's limit; the JS stack may end sooner). */
  readonly maxDepth?: number;
  /** Maximum output length in characters per execution (default 64 Mi). */
  readonly maxOutput?: number;
}

/** Named templates that can call each other. */
export class TemplateSet implements TemplateHost {
  readonly setName: string;
  private readonly trees = new Map<string, ParsedTree>();
  private readonly funcs: FuncMap;

  constructor(private readonly options: TemplateSetOptions = {}) {
    this.setName = options.setName ?? "gotpl";
    this.funcs = mergeFuncMaps(builtinFunctions(), options.funcs ?? new Map());
  }

  /** Parses `source` as template `name` (plus its defines). Throws a parse {@link GoTemplateError}. */
  parse(name: string, source: string): this {
    this.parseInto(name, source);
    return this;
  }

  /** Parses and returns the top-level tree (Go's `t.New(name).Parse(source)`). */
  parseInto(name: string, source: string): ParsedTree {
    let trees: ReturnType<typeof parseTrees>;
    try {
      trees = parseTrees(name, source, { hasFunction: (f) => this.funcs.has(f) });
    } catch (e) {
      // Deeply nested input exhausts the JavaScript stack; report it as Go's parser depth limit.
      if (!isStackExhausted(e)) throw e;
      throw depthError(name, "max expression depth exceeded", e);
    }
    for (const [n, tree] of trees) {
      // Go's associate(): a later non-empty definition replaces; an empty one never does.
      if (this.trees.has(n) && isEmptyTree(tree.root)) continue;
      this.trees.set(n, tree);
    }
    return trees.get(name) ?? (this.trees.get(name) as ParsedTree);
  }

  /** True when a template of that name exists. */
  has(name: string): boolean {
    return this.trees.has(name);
  }

  /** Names of all templates, sorted. */
  names(): string[] {
    return [...this.trees.keys()].sort();
  }

  lookup(name: string): ParsedTree | undefined {
    return this.trees.get(name);
  }

  /** Executes template `name` with `data` as dot. Throws a {@link GoTemplateError}. */
  execute(name: string, data: GoValue | undefined): string {
    const tree = this.trees.get(name);
    if (tree === undefined) {
      const msg = `template: no template "${name}" associated with template "${this.setName}"`;
      throw new GoTemplateError({ code: TEMPLATE_CODES.exec, goMessage: msg, innermost: msg, file: name });
    }
    const shared: RunShared = {
      host: this,
      funcs: this.funcs,
      builtins: builtinFunctions(),
      missingKey: this.options.missingKey ?? "default",
      env: this.options.env ?? {},
      limits: {
        maxDepth: this.options.maxDepth ?? 100000,
        maxOutput: this.options.maxOutput ?? 64 * 1024 * 1024,
      },
      state: new Map(),
      nesting: 0,
    };
    try {
      return new Executor(shared).run(tree, data);
    } catch (e) {
      if (isStackExhausted(e)) {
        // The JavaScript stack runs out long before Go's limit; report it with Go's wording.
        throw depthError(name, `exceeded maximum template depth (${shared.limits.maxDepth})`, e);
      }
      throw e;
    }
  }
}

/** A depth-limit error of template `name` with Go's wording `msg`, caused by the exhausted stack. */
function depthError(name: string, msg: string, cause: unknown): GoTemplateError {
  return new GoTemplateError({
    code: TEMPLATE_CODES.depth,
    goMessage: `template: ${name}: ${msg}`,
    innermost: msg,
    file: name,
    cause,
  });
}

/** One template source for {@link parseTemplates}. */
export interface TemplateSource {
  readonly name: string;
  readonly source: string;
}

/** Parses several files into one {@link TemplateSet} (in order; later definitions win). */
export function parseTemplates(
  files: readonly TemplateSource[],
  options: TemplateSetOptions = {},
): TemplateSet {
  const set = new TemplateSet(options);
  for (const f of files) set.parse(f.name, f.source);
  return set;
}
