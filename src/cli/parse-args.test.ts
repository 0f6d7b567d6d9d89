import { ConfigError } from "../shared/errors";
import { GLOBAL_FLAGS } from "./global-flags";
import { findCommand } from "./commands/index";
import { flagList, parseArgs } from "./parse-args";

const commands: Record<string, { name: string; type: "bool" | "string" | "int" | "stringArray" }[]> = {
  template: [
    { name: "concurrency", type: "int" },
    { name: "set", type: "stringArray" },
  ],
};
const parse = (argv: string[]) => parseArgs(argv, GLOBAL_FLAGS, (n) => commands[n]);

describe("parseArgs reads helmfile's command line", () => {
  test("global flags are accepted before and after the command", () => {
    const p = parse([
      "--namespace=ns",
      "-f",
      "h.yaml",
      "template",
      "-q",
      "--state-values-set",
      "a=1",
      "-l",
      "x=y",
      "-l",
      "z=w",
    ]);
    expect(p.command).toBe("template");
    expect(p.flags.namespace).toBe("ns");
    expect(p.flags.file).toBe("h.yaml");
    expect(p.flags.quiet).toBe(true);
    expect(flagList(p.flags, "state-values-set")).toEqual(["a=1"]);
    expect(flagList(p.flags, "selector")).toEqual(["x=y", "z=w"]);
  });

  test("command flags take `=` values and ints are parsed", () => {
    const p = parse(["template", "--concurrency=1", "--set", "a=b", "--set=c=d"]);
    expect(p.flags.concurrency).toBe(1);
    expect(flagList(p.flags, "set")).toEqual(["a=b", "c=d"]);
  });

  test("short flags accept attached values", () => {
    expect(parse(["-eprod", "template"]).flags.environment).toBe("prod");
  });

  test("an unknown flag is a ConfigError naming the flag", () => {
    expect(() => parse(["template", "--nope"])).toThrow(ConfigError);
    expect(() => parse(["template", "--nope"])).toThrow(/unknown flag: --nope/);
  });

  test("a command flag before its command is unknown", () => {
    expect(() => parse(["--concurrency=1", "template"])).toThrow(/unknown flag/);
  });

  test("an unknown command is reported", () => {
    expect(() => parse(["frobnicate"])).toThrow(/unknown command "frobnicate"/);
  });

  test("a string flag without a value is an error", () => {
    expect(() => parse(["template", "-f"])).toThrow(/flag needs an argument/);
  });
});

describe("helmfile's cluster commands", () => {
  test.each(["diff", "apply", "sync"])("%s is a command", (name) => {
    // The real command table: each is a command of its own, not a refusal pointing elsewhere.
    const parsed = parseArgs([name, "--detailed-exitcode"], GLOBAL_FLAGS, (n) => findCommand(n)?.flags);
    expect(parsed.command).toBe(name);
  });

  test("delete (gone from helmfile v1) is refused with a pointer to destroy", () => {
    expect(() => parse(["delete"])).toThrow(/use `destroy`/);
  });
});
