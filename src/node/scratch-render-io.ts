/**
 * Test support: real Node IO for render tests, rooted in a fresh scratch directory, with a logger
 * that records every info and warn line. Create one in `beforeEach`, `dispose` it in `afterEach`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NodeFileSystem } from "./node-file-system";
import { NodeProcessRunner } from "./node-process-runner";
import { NodeScratchFileSystem } from "./node-scratch-fs";

/** A scratch directory, the IO bound to it, and the logged lines. */
export interface ScratchRenderIo {
  /** Absolute path of the scratch directory. */
  readonly root: string;
  /** info and warn lines logged so far, in order. */
  readonly lines: string[];
  /** A fresh IO object for one render call. */
  io(): {
    fs: NodeFileSystem;
    runner: NodeProcessRunner;
    scratch: NodeScratchFileSystem;
    logger: { debug(m: string): void; info(m: string): void; warn(m: string): void };
  };
  /** Removes the scratch directory. */
  dispose(): void;
}

/** Creates a scratch directory named after `prefix` under the OS temp dir. */
export function createScratchRenderIo(prefix: string): ScratchRenderIo {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const lines: string[] = [];
  return {
    root,
    lines,
    io: () => ({
      fs: new NodeFileSystem(),
      runner: new NodeProcessRunner(),
      scratch: new NodeScratchFileSystem(root),
      logger: { debug: () => {}, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) },
    }),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
