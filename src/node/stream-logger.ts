/**
 * A {@link Logger} that writes plain lines to a sink (the CLI's stderr). helmfile's
 * default level is `info`; `--debug` adds debug lines and `--quiet` keeps only warnings.
 */
import type { Logger } from "../shared/io";

/** Log levels, most verbose first. */
export type LogLevel = "debug" | "info" | "warn";

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2 };

/** Creates a line logger writing `message + "\n"` for messages at or above `level`. */
export function createStreamLogger(write: (text: string) => void, level: LogLevel = "info"): Logger {
  const emit = (at: LogLevel, message: string): void => {
    if (RANK[at] >= RANK[level]) write(message.endsWith("\n") ? message : `${message}\n`);
  };
  return {
    debug: (m) => emit("debug", m),
    info: (m) => emit("info", m),
    warn: (m) => emit("warn", m),
  };
}
