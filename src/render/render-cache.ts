/**
 * A content-addressed cache of `helm template` output. The key is a SHA-256 over
 * everything that can change the output (see `cacheKeyParts` in render-release.ts); entries
 * are written to a temp name and renamed into place, so concurrent runs never see half a
 * file, and each carries a header with its length and SHA-256, checked on every read: an entry that
 * does not match (cut short, damaged, of another format) is a miss and is removed, never served;
 * the total size is bounded by evicting the least recently used entries (by mtime).
 * Releases with secret values are never cached (the caller skips them), so no plaintext
 * secret is ever stored.
 */
import { createHash, randomBytes } from "node:crypto";
import { posix } from "node:path";
import type { FileSystem } from "../shared/io";
import type { ScratchFileSystem } from "./render-io";

/** Options of {@link RenderCache}. */
export interface RenderCacheOptions {
  /** Directory of the cache; the caller supplies `${XDG_CACHE_HOME:-~/.cache}/pulumi-helmfile/render` by default. */
  readonly dir: string;
  /** Upper bound of the cache size in MiB; default 256. */
  readonly maxMegabytes?: number;
}

/** Hashes the given parts into a hex SHA-256 key (parts are length-prefixed, so no two lists collide). */
export function hashParts(parts: readonly string[]): string {
  const h = createHash("sha256");
  for (const p of parts) {
    h.update(`${Buffer.byteLength(p)}:`);
    h.update(p);
  }
  return h.digest("hex");
}

/** A manifest cache on disk. */
export class RenderCache {
  private readonly dir: string;
  private readonly maxBytes: number;
  /** True after a `put`: only then can the cache have outgrown its bound. */
  private grown = false;

  constructor(
    options: RenderCacheOptions,
    private readonly fs: FileSystem,
    private readonly scratch: ScratchFileSystem,
  ) {
    this.dir = options.dir;
    this.maxBytes = Math.max(1024, (options.maxMegabytes ?? 256) * 1024 * 1024);
  }

  private pathOf(key: string): string {
    return posix.join(this.dir, key.slice(0, 2), `${key}.yaml`);
  }

  /**
   * The cached manifest, or undefined. A hit refreshes the entry's mtime; an entry whose header
   * does not match its content is removed and reported to `onBroken` (a miss).
   */
  get(key: string, onBroken?: (path: string) => void): string | undefined {
    const path = this.pathOf(key);
    if (!this.fs.isFile(path)) return undefined;
    let text: string;
    try {
      text = this.fs.readFile(path);
    } catch {
      return undefined;
    }
    const manifest = unwrapEntry(text);
    if (manifest === undefined) {
      this.scratch.remove(path);
      onBroken?.(path);
      return undefined;
    }
    try {
      this.scratch.touch(path);
    } catch {
      // another run removed it meanwhile: the text read is whole all the same
    }
    return manifest;
  }

  /** Stores a manifest atomically. Failures are ignored: the cache is an optimisation. */
  put(key: string, manifest: string): void {
    const path = this.pathOf(key);
    const tmp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      this.scratch.makeDir(posix.dirname(path));
      this.scratch.writeFile(tmp, wrapEntry(manifest), 0o600);
      this.scratch.rename(tmp, path);
      this.grown = true;
    } catch {
      this.scratch.remove(tmp);
    }
  }

  /** Evicts the oldest entries until the cache fits its size bound. */
  prune(): void {
    if (!this.grown) return;
    this.grown = false;
    const entries = this.scratch
      .listFilesRecursive(this.dir)
      .filter((f) => f.endsWith(".yaml"))
      .map((f) => {
        const path = posix.join(this.dir, f);
        const s = this.scratch.stat(path);
        return { path, size: s?.size ?? 0, mtime: s?.mtimeMs ?? 0 };
      });
    let total = entries.reduce((n, e) => n + e.size, 0);
    if (total <= this.maxBytes) return;
    entries.sort((a, b) => a.mtime - b.mtime);
    for (const e of entries) {
      if (total <= this.maxBytes) break;
      this.scratch.remove(e.path);
      total -= e.size;
    }
  }
}

/** The first line of an entry: format, byte length and SHA-256 of the manifest after it. */
const HEADER = /^# pulumi-helmfile render cache v2 (\d+) ([0-9a-f]{64})\n/;

function wrapEntry(manifest: string): string {
  const sha = createHash("sha256").update(manifest).digest("hex");
  return `# pulumi-helmfile render cache v2 ${Buffer.byteLength(manifest)} ${sha}\n${manifest}`;
}

/** The manifest of an entry, or undefined when the entry is not whole and as written. */
function unwrapEntry(text: string): string | undefined {
  const m = HEADER.exec(text);
  if (m === null) return undefined;
  const manifest = text.slice(m[0].length);
  if (Buffer.byteLength(manifest) !== Number(m[1])) return undefined;
  return createHash("sha256").update(manifest).digest("hex") === m[2] ? manifest : undefined;
}
