import { MemoryFileSystem } from "../load/memory-fs";
import { findSops } from "./find-sops";

const fs = new MemoryFileSystem({ "/opt/bin/sops": "", "/usr/bin/sops": "", "/custom/sops-3": "" });

describe("findSops", () => {
  it("prefers the explicit option over SOPS_BINARY and PATH", () => {
    expect(
      findSops({ binary: "/custom/sops-3", env: { SOPS_BINARY: "/opt/bin/sops", PATH: "/usr/bin" }, fs }),
    ).toBe("/custom/sops-3");
  });

  it("uses SOPS_BINARY before PATH", () => {
    expect(findSops({ env: { SOPS_BINARY: "/opt/bin/sops", PATH: "/usr/bin" }, fs })).toBe("/opt/bin/sops");
  });

  it("searches PATH in order", () => {
    expect(findSops({ env: { PATH: "/nope:/usr/bin:/opt/bin" }, fs })).toBe("/usr/bin/sops");
  });

  it("fails with SECRETS_SOPS_NOT_FOUND when sops is nowhere", () => {
    expect(() => findSops({ env: { PATH: "/nope" }, fs })).toThrow(
      expect.objectContaining({ code: "SECRETS_SOPS_NOT_FOUND" }),
    );
  });

  it("fails naming the variable when SOPS_BINARY points at nothing", () => {
    expect(() => findSops({ env: { SOPS_BINARY: "/missing/sops" }, fs })).toThrow(/SOPS_BINARY/);
  });
});
