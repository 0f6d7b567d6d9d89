/** Go's `fmt.Sprintf` format-string interpreter. */
import { GoNumber, type GoValue } from "../types";
import { noFlags, printArg, type Flags } from "./printer";

interface State {
  argNum: number;
  reordered: boolean;
  goodArgNum: boolean;
}

/**
 * Go's fmt `parsenum`: `tooLarge` (|n| > 1e6) is checked before each digit is added, so a
 * number of up to 10000009 still parses (`%1000001d` pads to 1000001); one more digit is an
 * overflow that consumes the rest of the format (`%!(NOVERB)`).
 */
function parseNum(format: string, i: number): [number | undefined, number] {
  let j = i;
  let n = 0;
  while (j < format.length && format.charCodeAt(j) >= 48 && format.charCodeAt(j) <= 57) {
    if (n > 1e6) return [undefined, format.length];
    n = n * 10 + (format.charCodeAt(j) - 48);
    j++;
  }
  return j === i ? [undefined, i] : [n, j];
}

/** Handles an explicit `[n]` argument index; returns the new index and whether one was present. */
function argNumber(st: State, format: string, i: number, numArgs: number): [number, boolean] {
  if (format[i] !== "[") return [i, false];
  st.reordered = true;
  const close = format.indexOf("]", i + 1);
  if (close < 0) {
    st.goodArgNum = false;
    return [i + 1, false];
  }
  const [n, end] = parseNum(format, i + 1);
  if (n === undefined || end !== close || n < 1 || n > numArgs) {
    st.goodArgNum = false;
    return [close + 1, true];
  }
  st.argNum = n - 1;
  return [close + 1, true];
}

function intFromArg(args: readonly GoValue[], st: State): number | undefined {
  const a = args[st.argNum];
  if (st.argNum >= args.length) return undefined;
  st.argNum++;
  let n: bigint | undefined;
  if (typeof a === "bigint") n = a;
  else if (a instanceof GoNumber && typeof a.value === "bigint") n = a.value;
  if (n === undefined || n > 1000000n || n < -1000000n) return undefined;
  return Number(n);
}

function describeExtra(a: GoValue): string {
  if (a === null) return "<nil>";
  return `${printArg(a, "T", noFlags())}=${printArg(a, "v", noFlags())}`;
}

/** `fmt.Sprintf(format, args...)` with Go's error forms. */
export function sprintf(format: string, args: readonly GoValue[]): string {
  let out = "";
  const st: State = { argNum: 0, reordered: false, goodArgNum: true };
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
    const f: Flags = noFlags();
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
    let afterIndex: boolean;
    [i, afterIndex] = argNumber(st, format, i, args.length);
    if (format[i] === "*") {
      i++;
      const w = intFromArg(args, st);
      if (w === undefined) out += "%!(BADWIDTH)";
      else if (w < 0) {
        f.wid = -w;
        f.minus = true;
        f.zero = false;
      } else f.wid = w;
      afterIndex = false;
    } else {
      let w: number | undefined;
      [w, i] = parseNum(format, i);
      if (w !== undefined) f.wid = w;
      if (afterIndex && w !== undefined) st.goodArgNum = false;
    }
    if (i + 1 < end && format[i] === ".") {
      i++;
      if (afterIndex) st.goodArgNum = false;
      [i, afterIndex] = argNumber(st, format, i, args.length);
      if (format[i] === "*") {
        i++;
        const p = intFromArg(args, st);
        if (p === undefined || p < 0) {
          if (p === undefined) out += "%!(BADPREC)";
        } else f.prec = p;
        afterIndex = false;
      } else {
        let p: number | undefined;
        [p, i] = parseNum(format, i);
        f.prec = p ?? 0;
      }
    }
    if (!afterIndex) [i, afterIndex] = argNumber(st, format, i, args.length);
    if (i >= end) {
      out += "%!(NOVERB)";
      break;
    }
    const verb = String.fromCodePoint(format.codePointAt(i) as number);
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
    out += printArg(args[st.argNum] as GoValue, verb, f);
    st.argNum++;
  }
  if (!st.reordered && st.argNum < args.length) {
    out += `%!(EXTRA ${args.slice(st.argNum).map(describeExtra).join(", ")})`;
  }
  return out;
}
