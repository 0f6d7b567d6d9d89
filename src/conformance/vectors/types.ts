/**
 * Types of the per-topic handlers for helmfile's unit-test vectors. Each topic file exports a
 * `VectorHandler`; a topic without a handler counts every vector as failed.
 */

/** One vector from `tests/conformance/helmfile/vectors/<topic>.json`. */
export interface Vector {
  readonly id: string;
  readonly from?: string;
  readonly checks?: string;
  readonly function?: string;
  readonly input?: unknown;
  readonly expected?: unknown;
  readonly expectedAt?: unknown;
  readonly expectError?: boolean;
  readonly errorContains?: string | readonly string[];
  readonly errorEquals?: string;
  readonly expect?: unknown;
  readonly requiresNetwork?: boolean;
  readonly [key: string]: unknown;
}

/** The whole vector file. */
export interface VectorFile {
  readonly topic: string;
  readonly semantics?: unknown;
  readonly conventions?: unknown;
  readonly vectors: readonly Vector[];
}

/** Returns `true` when the vector passes, otherwise a short reason. May throw (counted as a failure). */
export type VectorHandler = (vector: Vector, file: VectorFile) => Promise<true | string> | true | string;
