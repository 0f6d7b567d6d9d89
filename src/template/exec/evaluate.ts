/**
 * Expression evaluation of Go's `text/template` executor: pipelines, commands, fields,
 * variables, function calls and Go's reflect-call argument conversions, with Go's error
 * texts. Control flow (walking the tree) lives in {@link Executor}.
 */
import { GoTemplateError, TEMPLATE_CODES } from "../errors";
import { HelmfileError, type ErrorCode } from "../../shared/errors";
import { goQuote } from "../../shared/go/quote";
import type {
  ArgNode,
  ChainNode,
  CommandNode,
  FieldNode,
  IdentifierNode,
  Node,
  NumberNode,
  PipeNode,
  VariableNode,
} from "../parse/nodes";
import { nodeString } from "../parse/nodes";
import {
  GoComplex,
  GoStruct,
  GoTime,
  isGoMap,
  isTrue,
  mapElemType,
  type CallContext,
  type FuncMap,
  type FuncSpec,
  type GoParamType,
  type GoValue,
  type MissingKeyMode,
} from "../types";
import { goByteLength, isStackExhausted } from "../types";
import { canBeNil, elemIface, INVALID, rv, staticType, zeroOf, zeroOfElem, type RV } from "./values";
import { printArg, noFlags } from "../fmt/printer";
import { evalConstant, validateType } from "./convert";
import { timeMethods } from "./time-methods";

/** Marker for "no final value" (Go's `missingVal`). */
export const MISSING: RV = { v: undefined, iface: false };

/** A variable binding on the stack. */
export interface Variable {
  readonly name: string;
  value: RV;
}

/** Specs that get Go's builtin special-casing (and/or short-circuit, call's callee name). */
export const SPECIAL_BUILTINS = new WeakMap<FuncSpec, "and" | "or" | "call">();

/** Expression evaluation shared by the executor; see the file comment. */
export abstract class Evaluator {
  protected node: Node | undefined;
  protected vars: Variable[] = [];
  /** Name of the template being executed (Go's `s.tmpl.Name()`). */
  protected tmplName = "";

  protected constructor(
    protected readonly funcs: FuncMap,
    protected readonly builtins: FuncMap,
    protected readonly missingKey: MissingKeyMode,
  ) {}

  /** The call context handed to functions. */
  protected abstract callContext(name: string): CallContext;

  protected at(n: Node): void {
    this.node = n;
  }

  /** Raises Go's exec error at the current node. */
  errorf(msg: string, code: ErrorCode = TEMPLATE_CODES.exec, cause?: unknown): never {
    const n = this.node;
    if (n === undefined) {
      throw new GoTemplateError({
        code,
        goMessage: `template: ${this.tmplName}: ${msg}`,
        innermost: msg,
        cause,
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
      cause,
    });
  }

  protected varValue(name: string): RV {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i] as Variable;
      if (v.name === name) return v.value;
    }
    return this.errorf(`undefined variable: ${name}`);
  }

  protected setVar(name: string, value: RV): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i] as Variable;
      if (v.name === name) {
        v.value = value;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }

  /** Evaluates a pipeline; declared variables are pushed (or assigned). */
  protected evalPipeline(dot: RV, pipe: PipeNode | undefined): RV {
    if (pipe === undefined) return INVALID;
    this.at(pipe);
    let value = MISSING;
    const cmds = pipe.cmds;
    for (let i = 0; i < cmds.length; i++) {
      value = this.evalCommand(dot, cmds[i] as CommandNode, value);
      // Go digs into interface{} values after each command: a nil interface becomes invalid.
      if (value.v === null) value = INVALID;
      else if (value.iface) value = rv(value.v);
    }
    if (pipe.decl.length > 0) this.declare(pipe, value);
    return value;
  }

  private declare(pipe: PipeNode, value: RV): void {
    for (const d of pipe.decl) {
      const name = d.ident[0] as string;
      if (pipe.isAssign) this.setVar(name, value);
      else this.vars.push({ name, value });
    }
  }

  private notAFunction(args: readonly ArgNode[], final: RV): void {
    if (args.length > 1 || final !== MISSING)
      this.errorf(`can't give argument to non-function ${nodeString(args[0] as ArgNode)}`);
  }

  private evalCommand(dot: RV, cmd: CommandNode, final: RV): RV {
    const first = cmd.args[0] as ArgNode;
    switch (first.type) {
      case "field":
        return this.evalFieldNode(dot, first, cmd.args, final);
      case "chain":
        return this.evalChainNode(dot, first, cmd.args, final);
      case "identifier": {
        // evalFunction inlined: this path is on the stack for every nested include.
        this.at(first);
        const spec = this.funcs.get(first.ident);
        if (spec === undefined) return this.errorf(`${goQuote(first.ident)} is not a defined function`);
        return this.evalCall(
          dot,
          spec,
          this.builtins.get(first.ident) === spec,
          cmd,
          first.ident,
          cmd.args,
          final,
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

  protected idealConstant(n: NumberNode): RV {
    this.at(n);
    const num = n.num;
    if (num.isComplex && num.complex !== undefined) return rv(new GoComplex(num.complex[0], num.complex[1]));
    const isHexInt = /^[+-]?0[xX]/.test(n.text) && !/[pP]/.test(n.text);
    if (num.isFloat && !isHexInt && !n.text.startsWith("'") && /[.eEpP]/.test(n.text)) return rv(num.float64);
    if (num.isInt) return rv(num.int64);
    if (num.isUint) return this.errorf(`${n.text} overflows int`);
    return INVALID;
  }

  private evalFieldNode(dot: RV, field: FieldNode, args: readonly ArgNode[] | undefined, final: RV): RV {
    this.at(field);
    return this.evalFieldChain(dot, dot, field, field.ident, args, final);
  }

  private evalChainNode(dot: RV, chain: ChainNode, args: readonly ArgNode[] | undefined, final: RV): RV {
    this.at(chain);
    if (chain.node.type === "nil") this.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
    const pipe = rv(this.evalArg(dot, undefined, chain.node));
    return this.evalFieldChain(dot, pipe, chain, chain.field, args, final);
  }

  private evalVariableNode(
    dot: RV,
    variable: VariableNode,
    args: readonly ArgNode[] | undefined,
    final: RV,
  ): RV {
    this.at(variable);
    const value = this.varValue(variable.ident[0] as string);
    if (variable.ident.length === 1) {
      this.notAFunction(args ?? [variable], final);
      return value;
    }
    return this.evalFieldChain(dot, value, variable, variable.ident.slice(1), args, final);
  }

  private evalFieldChain(
    dot: RV,
    receiver: RV,
    node: Node,
    ident: readonly string[],
    args: readonly ArgNode[] | undefined,
    final: RV,
  ): RV {
    let r = receiver;
    for (let i = 0; i < ident.length - 1; i++)
      r = this.evalField(dot, ident[i] as string, node, undefined, MISSING, r);
    return this.evalField(dot, ident[ident.length - 1] as string, node, args, final, r);
  }

  private evalField(
    dot: RV,
    name: string,
    node: Node,
    args: readonly ArgNode[] | undefined,
    final: RV,
    receiver: RV,
  ): RV {
    const v = receiver.v;
    if (v === undefined) {
      if (this.missingKey === "error")
        this.errorf(`nil data; no entry for key ${goQuote(name)}`, TEMPLATE_CODES.missingKey);
      return INVALID;
    }
    const typ = staticType(receiver);
    if (v === null) return this.errorf(`nil pointer evaluating ${typ}.${name}`);
    const structMethod = v instanceof GoStruct ? v.methods.get(name) : undefined;
    if (structMethod !== undefined) return this.evalCall(dot, structMethod, false, node, name, args, final);
    const timeMethod = v instanceof GoTime ? timeMethods.get(name) : undefined;
    if (timeMethod !== undefined) {
      // time.Time methods take the receiver as their first argument.
      const bound: FuncSpec = {
        params: timeMethod.params,
        impl: (a, ctx) => timeMethod.impl([v, ...a], ctx),
      };
      return this.evalCall(dot, bound, false, node, name, args, final);
    }
    const hasArgs = (args !== undefined && args.length > 1) || final !== MISSING;
    if (v instanceof GoStruct && v.fields.has(name)) {
      if (hasArgs) this.errorf(`${name} has arguments but cannot be invoked as function`);
      const fv = v.fields.get(name) as GoValue;
      return rv(fv, fv === null);
    }
    if (isGoMap(v)) {
      if (hasArgs) this.errorf(`${name} is not a method but has arguments`);
      if (Object.prototype.hasOwnProperty.call(v, name)) return rv(v[name] as GoValue, elemIface(v));
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

  private evalFunction(
    dot: RV,
    node: IdentifierNode,
    cmd: Node,
    args: readonly ArgNode[] | undefined,
    final: RV,
  ): RV {
    this.at(node);
    const name = node.ident;
    const spec = this.funcs.get(name);
    if (spec === undefined) return this.errorf(`${goQuote(name)} is not a defined function`);
    return this.evalCall(dot, spec, this.builtins.get(name) === spec, cmd, name, args, final);
  }

  /** Go's `evalCall`: arity checks, argument conversion, the call and error wrapping. */
  protected evalCall(
    dot: RV,
    spec: FuncSpec,
    isBuiltin: boolean,
    node: Node,
    name: string,
    allArgs: readonly ArgNode[] | undefined,
    final: RV,
  ): RV {
    // Kept small: this frame stays on the JS stack while a function re-enters the engine.
    const special = isBuiltin ? SPECIAL_BUILTINS.get(spec) : undefined;
    if (special === "and" || special === "or") {
      this.checkArity(spec, name, allArgs, final);
      return this.andOr(dot, special, allArgs === undefined ? [] : allArgs.slice(1), final);
    }
    const argv = this.collectArgs(dot, spec, name, allArgs, final);
    if (special === "call") argv.unshift(allArgs?.[1] === undefined ? "" : nodeString(allArgs[1]));
    let result: GoValue | undefined;
    try {
      result = spec.impl(argv as GoValue[], this.callContext(name));
    } catch (e) {
      return this.callFailed(e, node, name);
    }
    return rv(result);
  }

  /** Go's arity errors of `evalCall`; returns the number of fixed parameters. */
  private checkArity(
    spec: FuncSpec,
    name: string,
    allArgs: readonly ArgNode[] | undefined,
    final: RV,
  ): number {
    const argc = allArgs === undefined ? 0 : allArgs.length - 1;
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
  private collectArgs(
    dot: RV,
    spec: FuncSpec,
    name: string,
    allArgs: readonly ArgNode[] | undefined,
    final: RV,
  ): (GoValue | undefined)[] {
    const numFixed = this.checkArity(spec, name, allArgs, final);
    const args = allArgs === undefined ? [] : allArgs.slice(1);
    const params = spec.params;
    const numIn = final !== MISSING ? args.length + 1 : args.length;
    const argv: (GoValue | undefined)[] = [];
    let i = 0;
    for (; i < numFixed && i < args.length; i++)
      argv.push(this.evalArg(dot, params[i] as GoParamType, args[i] as ArgNode));
    if (spec.variadic === true) {
      const elem = params[params.length - 1] as GoParamType;
      for (; i < args.length; i++) argv.push(this.evalArg(dot, elem, args[i] as ArgNode));
    }
    if (final !== MISSING) {
      const t =
        spec.variadic === true && numIn - 1 >= numFixed
          ? (params[params.length - 1] as GoParamType)
          : (params[numIn - 1] as GoParamType);
      argv.push(this.validateType(final, t));
    }
    return argv;
  }

  /** Go's `error calling NAME: …` for an error (or panic) raised by a function. */
  private callFailed(e: unknown, node: Node, name: string): never {
    if (isStackExhausted(e)) throw e;
    this.at(node);
    const msg = e instanceof Error ? e.message : String(e);
    return this.errorf(
      `error calling ${name}: ${msg}`,
      // Our own errors (limits, policy) keep their code through the template's error.
      e instanceof HelmfileError ? e.code : TEMPLATE_CODES.call,
      e,
    );
  }

  private andOr(dot: RV, which: "and" | "or", args: readonly ArgNode[], final: RV): RV {
    let v: GoValue | undefined = undefined;
    for (const a of args) {
      v = this.evalArg(dot, "reflect.Value", a);
      if (isTrue(v ?? null) === (which === "or")) return rv(v);
    }
    if (final !== MISSING) v = this.validateType(final, "reflect.Value");
    return rv(v);
  }

  /** Go's `validateType`: checks/converts a value for a parameter type (`undefined` type = untyped). */
  protected validateType(value: RV, typ: GoParamType | undefined): GoValue | undefined {
    return validateType(value, typ, (m) => this.errorf(m));
  }

  /** Go's `evalArg`: evaluates an argument node for a parameter type. */
  protected evalArg(dot: RV, typ: GoParamType | undefined, n: ArgNode): GoValue | undefined {
    this.at(n);
    switch (n.type) {
      case "dot":
        return this.validateType(dot, typ);
      case "nil":
        if (typ !== undefined && canBeNil(typ)) return zeroOf(typ);
        return this.errorf(`cannot assign nil to ${typ ?? "<nil>"}`);
      case "field":
        return this.validateType(this.evalFieldNode(dot, n, [n], MISSING), typ);
      case "variable":
        return this.validateType(this.evalVariableNode(dot, n, undefined, MISSING), typ);
      case "pipe":
        return this.validateType(this.evalPipeline(dot, n), typ);
      case "identifier":
        return this.validateType(this.evalFunction(dot, n, n, undefined, MISSING), typ);
      case "chain":
        return this.validateType(this.evalChainNode(dot, n, undefined, MISSING), typ);
      default:
        break;
    }
    return evalConstant(
      n,
      typ ?? "interface {}",
      (m) => this.errorf(m),
      (num) => this.idealConstant(num).v,
    );
  }

  /** `%v` of a value for messages such as `range can't iterate over 3`. */
  protected formatV(v: GoValue): string {
    return printArg(v, "v", noFlags());
  }
}
