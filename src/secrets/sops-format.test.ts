import { isSopsEncrypted, sopsFormatOf } from "./sops-format";

const MAC = "ENC[AES256_GCM,data:xx,iv:yy,tag:zz,type:str]";

describe("sops format detection (helm-secrets auto)", () => {
  it("sees a file as encrypted only when it carries a sops MAC", () => {
    expect(isSopsEncrypted(`a: 1\nsops:\n    mac: ${MAC}\n`)).toBe(true);
    expect(isSopsEncrypted("a: 1\n")).toBe(false);
  });

  it("detects the yaml, json and binary stores", () => {
    expect(sopsFormatOf(`a: x\nsops:\n    mac: ${MAC}\n`)).toBe("yaml");
    expect(sopsFormatOf(`{"a": "x", "sops": {"mac": "${MAC}"}}`)).toBe("json");
    expect(sopsFormatOf(`{\n\t"data": "ENC[AES256_GCM,data:qq]",\n\t"sops": {}\n}`)).toBe("binary");
  });
});
