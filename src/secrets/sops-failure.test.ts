import { scrubSopsStderr, sopsFailureError } from "./sops-failure";

// First lines of real sops 3.13.3 stderr for each failure (captured from the binary).
const WRONG_KEY = "Failed to get the data key required to decrypt the SOPS file.\n\nGroup 0: FAILED\n";
const BAD_VALUE =
  "Error decrypting tree: Error walking tree: Could not decrypt value: Could not decrypt with AES_GCM: cipher: message authentication failed\n";
const BAD_FORMAT =
  "Error decrypting tree: Error walking tree: Could not decrypt value: Input string ENC[AES256_GCM,data:xLTvuXgPc9qW does not match sops' data format\n";
const MAC =
  "MAC mismatch. File has 42839F564DB0654DC0DCF62BF0532BFA3A50B7192EC2EC9BCF36B6059F4AEE29, computed F87\n";

describe("sopsFailureError", () => {
  it("names the file and classifies a wrong key", () => {
    const e = sopsFailureError({ file: "/w/s.yaml", binary: "sops", exitCode: 128, stderr: WRONG_KEY });
    expect(e.code).toBe("SECRETS_NO_KEY");
    expect(e.file).toBe("/w/s.yaml");
    expect(e.message).toContain("/w/s.yaml");
  });

  it("classifies tampered values and MAC mismatches as corrupt", () => {
    for (const stderr of [BAD_VALUE, BAD_FORMAT, MAC]) {
      expect(sopsFailureError({ file: "f", binary: "sops", exitCode: 1, stderr }).code).toBe(
        "SECRETS_CORRUPT",
      );
    }
  });

  it("falls back to the exit code for unknown failures", () => {
    const e = sopsFailureError({ file: "f", binary: "sops", exitCode: 3, stderr: "" });
    expect(e.code).toBe("SECRETS_DECRYPT_FAILED");
    expect(e.message).toContain("code 3");
  });
});

describe("scrubSopsStderr", () => {
  it("cuts encrypted blobs, quoted text and long data runs", () => {
    const s = scrubSopsStderr(BAD_FORMAT + MAC);
    expect(s).not.toContain("xLTvuXgPc9qW");
    expect(scrubSopsStderr('error near "my-password" value')).not.toContain("my-password");
    expect(scrubSopsStderr(MAC)).not.toContain(
      "42839F564DB0654DC0DCF62BF0532BFA3A50B7192EC2EC9BCF36B6059F4AEE29",
    );
  });

  it("redacts known secrets even when unquoted", () => {
    expect(scrubSopsStderr("unexpected hunter2 here", ["hunter2"])).not.toContain("hunter2");
  });
});
