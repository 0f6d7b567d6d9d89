/** sprig's `urlParse` and `urlJoin`, following Go's net/url parsing and `URL.String()`. */
import {
  fn,
  FuncError,
  isGoMap,
  kindOf,
  newGoMap,
  type FuncSpec,
  type GoMap,
  type GoValue,
} from "../../types";
import { strArg } from "./cast";

function unescape(s: string): string {
  if (!/%/.test(s)) return s;
  if (/%(?![0-9a-fA-F]{2})/.test(s))
    throw new FuncError(
      `unable to parse url: parse ${JSON.stringify(s)}: invalid URL escape ${JSON.stringify(/%.{0,2}/.exec(s.slice(s.search(/%(?![0-9a-fA-F]{2})/)))?.[0] ?? "%")}`,
    );
  return Buffer.from(
    s.replace(/%([0-9a-fA-F]{2})|[^%]+/g, (m: string, h?: string) =>
      h !== undefined ? String.fromCharCode(parseInt(h, 16)) : Buffer.from(m).toString("latin1"),
    ),
    "latin1",
  ).toString("utf8");
}

function escape(s: string, allowed: RegExp): string {
  let out = "";
  for (const b of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(b);
    out += b < 0x80 && allowed.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const PATH_OK = /[A-Za-z0-9\-_.~$&+,/:;=@]/;
const FRAGMENT_OK = /[A-Za-z0-9\-_.~$&+,/:;=@?!()*]/;
const HOST_OK = /[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"]/;
const USER_OK = /[A-Za-z0-9\-_.~$&+,;=]/;
const PASS_OK = /[A-Za-z0-9\-_.~$&+,;=:]/;

/** Go's `url.Parse` reduced to the fields sprig exposes. */
function parseUrl(raw: string): GoMap {
  const m = newGoMap();
  let rest = raw;
  let fragment = "";
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    fragment = unescape(rest.slice(hash + 1));
    rest = rest.slice(0, hash);
  }
  let scheme = "";
  const sm = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (sm !== null) {
    scheme = (sm[1] as string).toLowerCase();
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
          `unable to parse url: parse ${JSON.stringify(hash >= 0 ? raw.slice(0, hash) : raw)}: net/url: invalid userinfo`,
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

function userString(raw: string): string {
  const colon = raw.indexOf(":");
  if (colon < 0) return escape(unescape(raw), USER_OK);
  return `${escape(unescape(raw.slice(0, colon)), USER_OK)}:${escape(unescape(raw.slice(colon + 1)), PASS_OK)}`;
}

function field(d: GoMap, key: string): string {
  if (!(key in d)) return "";
  const v: GoValue = d[key] ?? null;
  if (typeof v !== "string") {
    const kind = v === null ? "invalid" : kindOf(v);
    throw new FuncError(`unable to parse ${key} key, must be of type string, but ${kind} found`);
  }
  return v;
}

/** Go's `URL.String()` for the fields of a sprig url dict. */
function joinUrl(d: GoMap): string {
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

/** The URL functions. */
export function urlFuncs(): Map<string, FuncSpec> {
  return new Map<string, FuncSpec>([
    ["urlParse", fn(["string"], ([s]) => parseUrl(strArg(s)))],
    ["urlJoin", fn(["map[string]interface {}"], ([d]) => joinUrl(isGoMap(d) ? d : newGoMap()))],
  ]);
}
