/**
 * The small interfaces through which the pure core reaches the outside world. Node
 * implementations live in `src/node/`; tests use in-memory ones from `src/testing`.
 */

/** Read-only file access, rooted at absolute paths. */
export interface FileSystem {
  /** Reads a UTF-8 file; throws a `LoadError` with code `FILE_NOT_FOUND` when absent. */
  readFile(path: string): string;
  /** Reads raw bytes. */
  readBytes(path: string): Uint8Array;
  exists(path: string): boolean;
  isDirectory(path: string): boolean;
  isFile(path: string): boolean;
  /** Entry names (not paths) of a directory, sorted. */
  readDir(path: string): string[];
  /** Absolute paths matching a glob pattern (`*`, `**`, `?`, `[...]`), sorted. */
  glob(pattern: string): string[];
}

/** A structured log sink. Libraries never print. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

/** A logger that drops everything. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
};

/** Result of running an external command. */
export interface CommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options for one external command. */
export interface CommandOptions {
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly input?: string;
  /** Milliseconds before the command is killed; default no limit. */
  readonly timeoutMs?: number;
}

/** Runs external programs (helm, sops, `exec` in templates). */
export interface ProcessRunner {
  run(command: string, args: readonly string[], options?: CommandOptions): Promise<CommandResult>;
  /** Synchronous variant, needed by template functions such as `exec`. */
  runSync(command: string, args: readonly string[], options?: CommandOptions): CommandResult;
}

/** The process environment as the core sees it. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Fetches a go-getter source (helmfile's remote states and values: `git::<url>?ref=…`) into a
 * folder, which it creates; throws a `LoadError` with the getter's output when that fails.
 */
export interface RemoteFetcher {
  /** helmfile's cache home (`$HELMFILE_CACHE_HOME`, else the user cache folder's `helmfile`). */
  readonly cacheHome: string;
  /** True when `path` is a folder (a source fetched before). */
  isDirectory(path: string): boolean;
  fetch(getterSource: string, dst: string): void;
}
