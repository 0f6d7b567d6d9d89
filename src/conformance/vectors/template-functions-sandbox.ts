/**
 * A throw-away directory and template environment for one template-functions vector: the
 * vector's files are written under a temp dir (absolute vector paths are re-rooted there),
 * environment variables come only from the vector, commands run for real.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { NodeFileSystem, NodeProcessRunner } from "../../node/index";
import type { TemplateEnv } from "../../template/types";

/** A prepared sandbox. */
export interface VectorSandbox {
  readonly root: string;
  readonly env: TemplateEnv;
  /** Maps a sandbox path back to the vector's spelling (strips the temp root). */
  unroot(path: string): string;
  dispose(): void;
}

/** What a vector may ask for. */
export interface SandboxSpec {
  readonly files?: Readonly<Record<string, string>>;
  readonly directory?: Readonly<Record<string, readonly string[]>>;
  readonly basePath?: string;
  readonly environ?: Readonly<Record<string, string>>;
}

/** Creates the sandbox. */
export function createSandbox(spec: SandboxSpec): VectorSandbox {
  const root = mkdtempSync(join(tmpdir(), "tmplfn-"));
  const place = (p: string): string => (p.startsWith("/") ? join(root, p) : join(root, p));
  for (const [p, content] of Object.entries(spec.files ?? {})) {
    const abs = place(p);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  for (const [dir, entries] of Object.entries(spec.directory ?? {})) {
    for (const e of entries) {
      const abs = place(join(dir, e));
      if (e.endsWith("/")) mkdirSync(abs, { recursive: true });
      else {
        mkdirSync(dirname(abs), { recursive: true });
        writeFileSync(abs, "");
      }
    }
  }
  const base =
    spec.basePath === undefined || spec.basePath === "" || spec.basePath === "."
      ? root
      : place(spec.basePath);
  mkdirSync(base, { recursive: true });
  const baseEnv: Record<string, string> = {};
  if (process.env.PATH !== undefined) baseEnv.PATH = process.env.PATH;
  const env: TemplateEnv = {
    fs: new NodeFileSystem(),
    environ: { ...(spec.environ ?? {}) },
    process: new NodeProcessRunner({ baseEnv, cwd: base }),
    basePath: base,
  };
  return {
    root,
    env,
    unroot: (p) => (p.startsWith(root) ? p.slice(root.length) : p),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
