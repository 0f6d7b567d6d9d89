/**
 * The port to the state loader (`load` + `template` + `merge`). The default is the real
 * {@link loadDesiredState}; tests and embedders can inject another with {@link setStateLoader}.
 */
import { loadDesiredState, type LoadDesiredStateIo, type LoadDesiredStateOptions } from "../load/index";
import type { DesiredState } from "../shared/model";

/** The loader's signature. */
export type LoadDesiredState = (
  options: LoadDesiredStateOptions,
  io: LoadDesiredStateIo,
) => Promise<DesiredState> | DesiredState;

let override: LoadDesiredState | undefined;

/** Injects a loader (tests, embedding). `undefined` restores the real one. */
export function setStateLoader(loader: LoadDesiredState | undefined): void {
  override = loader;
}

/** Loads the desired state with the injected or the real loader. */
export async function loadState(
  options: LoadDesiredStateOptions,
  io: LoadDesiredStateIo,
): Promise<DesiredState> {
  return await (override ?? loadDesiredState)(options, io);
}
