/**
 * Walks a parsed template and writes its output, like Go's `text/template` `state.walk`:
 * actions, if/with/range (with else, break/continue, sorted map keys, range over ints),
 * `{{template}}` calls with a depth limit, and an output-size cap.
 */
import { LIMIT_CODES, LimitError } from "../../shared/limits";
import { TEMPLATE_CODES } from "../errors";
import { nodeString, type BranchNode, type ListNode, type Node, type TemplateNode } from "../parse/nodes";
import { goQuote } from "../../shared/go/quote";
import type { ParsedTree } from "../parse/parser";
import { compareKeys } from "../fmt/printer";
import {
  FuncError,
  GoFunc,
  GoNumber,
  isGoMap,
  isStackExhausted,
  isTrue,
  mapElemType,
  type CallContext,
  type FuncMap,
  type GoValue,
  type MissingKeyMode,
  type ReentryOptions,
  type TemplateEnv,
} from "../types";
import { Evaluator, type Variable } from "./evaluate";
import { OverlayHost } from "./overlay-host";
import { elemIface, INVALID, rv, type RV } from "./values";

/** Limits of one render. */
export interface ExecLimits {
  /** Maximum nesting of `{{template}}` calls and re-entrant executions (Go: 100000). */
  readonly maxDepth: number;
  /** Maximum output length in UTF-16 code units. */
  readonly maxOutput: number;
}

/** What the executor needs from the template set. */
export interface TemplateHost {
  /** Name of the set (Go's associated template name in `no template … associated with template …`). */
  readonly setName: string;
  lookup(name: string): ParsedTree | undefined;
  /** Parses source into the set and returns its top-level tree. */
  parseInto(name: string, source: string): ParsedTree;
}

/** Shared by nested executions of one render. */
export interface RunShared {
  readonly host: TemplateHost;
  readonly funcs: FuncMap;
  readonly builtins: FuncMap;
  readonly missingKey: MissingKeyMode;
  readonly env: TemplateEnv;
  readonly limits: ExecLimits;
  readonly state: Map<string, unknown>;
  nesting: number;
}

class BreakSignal {}
class ContinueSignal {}
const BREAK = new BreakSignal();
const CONTINUE = new ContinueSignal();

/** One execution (Go's `state`); nested `{{template}}` calls reuse it with saved fields. */
export class Executor extends Evaluator {
  private out: string[] = [];
  private outLen = 0;
  private depth = 0;

  constructor(private readonly shared: RunShared) {
    super(shared.funcs, shared.builtins, shared.missingKey);
  }

  /** Executes `tree` with `data` as dot and `$`; returns the output. */
  run(tree: ParsedTree, data: GoValue | undefined): string {
    return Executor.start(this.shared, tree, data, this);
  }

  /** Runs a tree in a new (or given) executor; one frame for nested includes. */
  static start(shared: RunShared, tree: ParsedTree, data: GoValue | undefined, into?: Executor): string {
    const ex = into ?? new Executor(shared);
    const dot: RV = data === undefined || data === null ? INVALID : rv(data);
    ex.tmplName = tree.name;
    ex.vars = [{ name: "$", value: dot }];
    // Lists are walked inline with indexed loops (here and below): for-of iterators and extra
    // frames cost JS stack on every nested include, and helm allows 1000 of those.
    const nodes = tree.root.nodes;
    for (let i = 0; i < nodes.length; i++) ex.walk(dot, nodes[i] as Node);
    return ex.out.join("");
  }

  protected callContext(funcName: string): CallContext {
    const shared = this.shared;
    return {
      funcName,
      env: shared.env,
      funcs: shared.funcs,
      missingKey: shared.missingKey,
      maxOutput: shared.limits.maxOutput,
      state: shared.state,
      hasTemplate: (name) => shared.host.lookup(name) !== undefined,
      executeTemplate: (name, data) => {
        const tree = shared.host.lookup(name);
        if (tree === undefined)
          throw new FuncError(
            `template: no template "${name}" associated with template "${shared.host.setName}"`,
          );
        if (shared.nesting >= shared.limits.maxDepth) throw depthError(shared.limits.maxDepth);
        shared.nesting++;
        try {
          return Executor.start(shared, tree, data);
        } finally {
          shared.nesting--;
        }
      },
      renderString: (source, data, options?: ReentryOptions) => {
        // Like helm's tpl, parse into a clone so the text's defines do not leak into the set.
        const host = new OverlayHost(shared.host, shared.funcs);
        const tree = host.parseInto(options?.name ?? shared.host.setName, source);
        if (shared.nesting >= shared.limits.maxDepth) throw depthError(shared.limits.maxDepth);
        const child: RunShared = { ...shared, host, nesting: shared.nesting + 1 };
        return new Executor(child).run(tree, data);
      },
    };
  }

  private write(s: string): void {
    this.outLen += s.length;
    if (this.outLen > this.shared.limits.maxOutput) {
      this.errorf(
        `output exceeds the limit of ${this.shared.limits.maxOutput} characters`,
        TEMPLATE_CODES.output,
      );
    }
    this.out.push(s);
  }

  private walk(dot: RV, node: Node): void {
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
          const list = this.chooseBranch(dot, node);
          if (list !== undefined) {
            const d = list === node.list && node.type === "with" ? this.branchDot : dot;
            const nodes = list.nodes;
            for (let i = 0; i < nodes.length; i++) {
              const n = nodes[i] as Node;
              // Actions run inline: one frame less per nested include.
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
        for (let i = 0; i < nodes.length; i++) this.walk(dot, nodes[i] as Node);
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
  private branchDot: RV = INVALID;

  /** Evaluates an if/with pipeline; returns the list to run (undefined for none). */
  private chooseBranch(dot: RV, node: BranchNode): ListNode | undefined {
    const val = this.evalPipeline(dot, node.pipe);
    if (isTrue(val.v ?? null)) {
      this.branchDot = val;
      return node.list;
    }
    return node.elseList;
  }

  /** Runs one range iteration; returns false on `{{break}}`. */
  private iterate(r: BranchNode, mark: number, index: RV, elem: RV): boolean {
    const decl = r.pipe.decl;
    if (decl.length > 0) {
      if (r.pipe.isAssign) this.setVar(decl[0]?.ident[0] as string, decl.length > 1 ? index : elem);
      else (this.vars[this.vars.length - 1] as Variable).value = elem;
    }
    if (decl.length > 1) {
      if (r.pipe.isAssign) this.setVar(decl[1]?.ident[0] as string, elem);
      else (this.vars[this.vars.length - 2] as Variable).value = index;
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

  private walkRange(dot: RV, r: BranchNode): void {
    this.at(r);
    const outer = this.vars.length;
    try {
      const val = this.evalPipeline(dot, r.pipe);
      const mark = this.vars.length;
      if (!this.rangeOver(r, mark, val.v) && r.elseList !== undefined) this.walk(dot, r.elseList);
    } finally {
      this.vars.length = outer;
    }
  }

  /** Iterates; returns false when there was nothing to iterate (so `else` runs). */
  private rangeOver(r: BranchNode, mark: number, v: GoValue | undefined): boolean {
    if (v === undefined || v === null) return false;
    if (Array.isArray(v) || v instanceof Uint8Array) {
      const items: GoValue[] =
        v instanceof Uint8Array ? [...v].map((b) => new GoNumber("uint8", BigInt(b))) : v;
      const iface = elemIface(items);
      for (let i = 0; i < items.length; i++)
        if (!this.iterate(r, mark, rv(BigInt(i)), rv(items[i] as GoValue, iface))) break;
      return items.length > 0;
    }
    if (isGoMap(v)) {
      const keys = Object.keys(v).sort(compareKeys);
      const iface = mapElemType(v) === "interface {}";
      for (const k of keys) if (!this.iterate(r, mark, rv(k), rv(v[k] as GoValue, iface))) break;
      return keys.length > 0;
    }
    const count =
      typeof v === "bigint" ? v : v instanceof GoNumber && typeof v.value === "bigint" ? v.value : undefined;
    if (count !== undefined) {
      if (r.pipe.decl.length > 1)
        this.errorf(`can't use ${this.formatV(v)} to iterate over more than one variable`);
      for (let i = 0n; i < count; i++) {
        const e = typeof v === "bigint" ? i : new GoNumber((v as GoNumber).kind, i);
        if (!this.iterate(r, mark, INVALID, rv(e))) break;
      }
      return count > 0n;
    }
    return this.errorf(`range can't iterate over ${this.formatV(v)}`);
  }

  private walkTemplate(dot: RV, t: TemplateNode): void {
    this.at(t);
    const tree = this.shared.host.lookup(t.name);
    if (tree === undefined) this.errorf(`template ${goQuote(t.name)} not defined`);
    if (
      this.depth >= this.shared.limits.maxDepth ||
      this.shared.nesting + this.depth >= this.shared.limits.maxDepth
    ) {
      this.errorf(`exceeded maximum template depth (${this.shared.limits.maxDepth})`, TEMPLATE_CODES.depth);
    }
    const newDot = this.evalPipeline(dot, t.pipe);
    const saved = { vars: this.vars, name: this.tmplName, depth: this.depth };
    this.vars = [{ name: "$", value: newDot }];
    this.tmplName = tree.name;
    this.depth++;
    try {
      try {
        const nodes = tree.root.nodes;
        for (let i = 0; i < nodes.length; i++) this.walk(newDot, nodes[i] as Node);
      } finally {
        this.vars = saved.vars;
        this.tmplName = saved.name;
        this.depth = saved.depth;
      }
    } catch (e) {
      // The JavaScript stack runs out before Go's depth limit: report it where Go's walkTemplate
      // would, at this `{{template}}` node of the calling template (same text for a template
      // calling itself). Should this frame have too little stack left, an outer one reports it.
      if (!isStackExhausted(e)) throw e;
      this.at(t);
      this.errorf(
        `exceeded maximum template depth (${this.shared.limits.maxDepth})`,
        TEMPLATE_CODES.depth,
        e,
      );
    }
  }

  private printValue(n: Node, val: RV): void {
    this.at(n);
    const v = val.v;
    if (v === undefined) return this.write("<no value>");
    if (v instanceof GoFunc) this.errorf(`can't print ${nodeString(n)} of type func(...)`);
    this.write(this.formatV(v));
  }
}

function depthError(limit: number): LimitError {
  // A typed limit error (not FuncError) so every enclosing `error calling include/tpl` keeps its code.
  return new LimitError(LIMIT_CODES.templateDepth, `exceeded maximum template depth (${limit})`);
}
