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

/**
 * A {@link ScratchRenderIo} per test of the enclosing `describe`: registers the `beforeEach`
 * that creates it and the `afterEach` that disposes it. Read it through the returned object
 * inside tests (it changes from test to test).
 */
export function scratchPerTest(prefix: string): {
  readonly root: string;
  readonly lines: string[];
  io(): ReturnType<ScratchRenderIo["io"]>;
} {
  let current: ScratchRenderIo | undefined;
  const now = (): ScratchRenderIo => {
    if (current === undefined) throw new Error("scratchPerTest: read inside a test");
    return current;
  };
  beforeEach(() => {
    current = createScratchRenderIo(prefix);
  });
  afterEach(() => {
    current?.dispose();
    current = undefined;
  });
  return {
    get root() {
      return now().root;
    },
    get lines() {
      return now().lines;
    },
    io: () => now().io(),
  };
}
