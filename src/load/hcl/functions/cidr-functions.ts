/** cidrhost, cidrnetmask, cidrsubnet, cidrsubnets (hashicorp/go-cty-funcs), IPv4 and IPv6. */
import { asInt, asString } from "../convert";
import { fail } from "../hcl-errors";
import { list, type HclValue } from "../hcl-value";
import { arg, argError, arity, type HclFunction } from "./function-args";

interface Net {
  readonly base: bigint;
  readonly prefix: number;
  readonly bits: 32 | 128;
}

function parseIPv4(s: string): bigint | undefined {
  const parts = s.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^[0-9]{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function parseIPv6(s: string): bigint | undefined {
  const halves = s.split("::");
  if (halves.length > 2) return undefined;
  const groups = (h: string | undefined): string[] => (h === undefined || h === "" ? [] : h.split(":"));
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const fill = 8 - head.length - tail.length;
  if ((halves.length === 1 && fill !== 0) || fill < 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill("0"), ...tail];
  if (all.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return undefined;
  return all.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

function parseCidr(s: string): Net {
  const m = /^([^/]+)\/([0-9]{1,3})$/.exec(s);
  const ip = m?.[1] ?? "";
  const v4 = parseIPv4(ip);
  const v6 = v4 === undefined ? parseIPv6(ip) : undefined;
  const bits = v4 !== undefined ? 32 : 128;
  const prefix = Number(m?.[2] ?? "-1");
  const addr = v4 ?? v6;
  if (m === null || addr === undefined || prefix > bits)
    return fail("HCL_FUNCTION", `invalid CIDR expression: invalid CIDR address: ${s}`);
  const hostBits = BigInt(bits - prefix);
  return { base: (addr >> hostBits) << hostBits, prefix, bits };
}

function formatIp(addr: bigint, bits: 32 | 128): string {
  if (bits === 32) return [24n, 16n, 8n, 0n].map((s) => String((addr >> s) & 255n)).join(".");
  const groups = Array.from({ length: 8 }, (_, i) => Number((addr >> BigInt(112 - i * 16)) & 0xffffn));
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
}

function host(args: readonly HclValue[]): HclValue {
  arity(args, 2);
  const net = parseCidr(asString(arg(args, 0), "prefix"));
  const n = BigInt(asInt(arg(args, 1), "hostnum"));
  const size = 1n << BigInt(net.bits - net.prefix);
  const offset = n < 0n ? size + n : n;
  if (offset < 0n || offset >= size)
    return fail("HCL_FUNCTION", `prefix of ${net.prefix} does not accommodate a host numbered ${n}`);
  return formatIp(net.base + offset, net.bits);
}

function netmask(args: readonly HclValue[]): HclValue {
  arity(args, 1);
  const net = parseCidr(asString(arg(args, 0), "prefix"));
  const all = (1n << BigInt(net.bits)) - 1n;
  const mask = all ^ ((1n << BigInt(net.bits - net.prefix)) - 1n);
  return formatIp(mask, net.bits);
}

function subnet(args: readonly HclValue[]): HclValue {
  arity(args, 3);
  const net = parseCidr(asString(arg(args, 0), "prefix"));
  const newbits = asInt(arg(args, 1), "newbits");
  const netnum = BigInt(asInt(arg(args, 2), "netnum"));
  const len = net.prefix + newbits;
  if (newbits < 0 || len > net.bits)
    return fail("HCL_FUNCTION", `insufficient address space to extend prefix of ${net.prefix} by ${newbits}`);
  if (netnum < 0n || netnum >= 1n << BigInt(newbits))
    return fail(
      "HCL_FUNCTION",
      `prefix extension of ${newbits} does not accommodate a subnet numbered ${netnum}`,
    );
  return `${formatIp(net.base + (netnum << BigInt(net.bits - len)), net.bits)}/${len}`;
}

function subnets(args: readonly HclValue[]): HclValue {
  arity(args, 1, Infinity);
  const net = parseCidr(asString(arg(args, 0), "prefix"));
  const end = net.base + (1n << BigInt(net.bits - net.prefix));
  let pos = net.base;
  const out: HclValue[] = [];
  args.slice(1).forEach((a, i) => {
    const newbits = asInt(a, "newbits");
    const len = net.prefix + newbits;
    if (newbits < 1) argError(i + 1, "must extend prefix by at least one bit");
    if (newbits > 32) argError(i + 1, "may not extend prefix by more than 32 bits");
    if (len > net.bits)
      argError(
        i + 1,
        `would extend prefix to ${len} bits, which is too long for an IPv${net.bits === 32 ? 4 : 6} address`,
      );
    const size = 1n << BigInt(net.bits - len);
    const start = ((pos + size - 1n) / size) * size;
    if (start + size > end)
      argError(
        i + 1,
        `not enough remaining address space for a subnet with a prefix of ${len} bits after ${out[i - 1] ?? "the start"}`,
      );
    out.push(`${formatIp(start, net.bits)}/${len}`);
    pos = start + size;
  });
  return list(out);
}

/** CIDR functions by name. */
export const CIDR_FUNCTIONS: ReadonlyMap<string, HclFunction> = new Map<string, HclFunction>([
  ["cidrhost", host],
  ["cidrnetmask", netmask],
  ["cidrsubnet", subnet],
  ["cidrsubnets", subnets],
]);
