/**
 * What this package takes from `@kubernetes/client-node`, loaded from the one-file bundle the build
 * makes of it (dist/vendor/kubernetes-client.cjs, scripts/bundle-kube-client.js) when there is one,
 * else from the package itself (running from the sources).
 *
 * Why: client-node is ~900 ES modules (its generated API and models). Node takes ~0.4 s to resolve
 * and load them, before anything else a command that reaches a cluster does; the bundle of the same
 * code loads in ~0.1 s. Every module of this package imports client-node from here, so its classes
 * (`ApiException` for `instanceof`) are one set.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type * as ClientNode from "@kubernetes/client-node";

type Taken = Pick<
  typeof ClientNode,
  | "ApiException"
  | "HttpMethod"
  | "KubeConfig"
  | "KubernetesObjectApi"
  | "RequestContext"
  | "ServerConfiguration"
  | "createConfiguration"
  | "loadYaml"
>;

const load = createRequire(__filename);

/** The bundle beside the compiled module (dist/node → dist/vendor); undefined when there is none. */
function bundled(): Taken | undefined {
  const path = join(__dirname, "..", "vendor", "kubernetes-client.cjs");
  return existsSync(path) ? (load(path) as Taken) : undefined;
}

const taken: Taken = bundled() ?? (load("@kubernetes/client-node") as Taken);

export const ApiException = taken.ApiException;
export type ApiException<T = unknown> = ClientNode.ApiException<T>;
export const HttpMethod = taken.HttpMethod;
export type HttpMethod = ClientNode.HttpMethod;
export const KubeConfig = taken.KubeConfig;
export type KubeConfig = ClientNode.KubeConfig;
export const KubernetesObjectApi = taken.KubernetesObjectApi;
export type KubernetesObjectApi = ClientNode.KubernetesObjectApi;
export const RequestContext = taken.RequestContext;
export type RequestContext = ClientNode.RequestContext;
export const ServerConfiguration = taken.ServerConfiguration;
export type ServerConfiguration<T extends { [key: string]: string }> = ClientNode.ServerConfiguration<T>;
export const createConfiguration = taken.createConfiguration;
export const loadYaml = taken.loadYaml;
export type { Cluster, Context, KubernetesObject, ResponseContext, User } from "@kubernetes/client-node";
