/**
 * Whether the kubeconfig's user may apply a release's objects, asked before anything is applied,
 * so that a user who may touch only some namespaces fails at preview, naming what was refused,
 * instead of half-way through `up`. The API server decides (RBAC or any other authorizer):
 *
 * - one SelfSubjectRulesReview per namespace gives the user's rules there; a need the rules allow
 *   is allowed (RBAC only ever adds rights);
 * - a need they do not allow, and every cluster-scoped need, is asked with a
 *   SelfSubjectAccessReview (`kubectl auth can-i`), whose answer is final;
 * - `create` is needed only when the object does not exist yet (Pulumi's server-side apply patches
 *   an existing object).
 */
import type { KubeApi } from "./kube-api";

/** One thing a release does to one object. */
export interface AccessNeed {
  readonly verb: string;
  /** API group ("" for the core group). */
  readonly group: string;
  /** Resource (plural), e.g. `deployments`. */
  readonly resource: string;
  /** Absent: cluster-scoped. */
  readonly namespace?: string;
  readonly name?: string;
}

/** A rule of a SelfSubjectRulesReview's `resourceRules`. */
export interface ResourceRule {
  readonly verbs?: readonly string[];
  readonly apiGroups?: readonly string[];
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
}

const has = (list: readonly string[] | undefined, value: string): boolean =>
  list !== undefined && (list.includes("*") || list.includes(value));

/** True when one of `rules` grants `need` (RBAC's matching: `*` wildcards, resource names when listed). */
export function rulesAllow(rules: readonly ResourceRule[], need: AccessNeed): boolean {
  return rules.some(
    (r) =>
      has(r.verbs, need.verb) &&
      has(r.apiGroups, need.group) &&
      has(r.resources, need.resource) &&
      (r.resourceNames === undefined ||
        r.resourceNames.length === 0 ||
        (need.name !== undefined && need.verb !== "create" && r.resourceNames.includes(need.name))),
  );
}

/** Answers access questions for one client, asking each namespace's rules and each question once. */
export class AccessReviewer {
  private readonly rules = new Map<string, Promise<readonly ResourceRule[]>>();
  private readonly answers = new Map<string, Promise<boolean>>();

  constructor(private readonly api: KubeApi) {}

  /** Whether the user may do `need`. */
  allowed(need: AccessNeed): Promise<boolean> {
    const key = JSON.stringify([
      need.verb,
      need.group,
      need.resource,
      need.namespace ?? null,
      need.name ?? null,
    ]);
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = this.decide(need);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private async decide(need: AccessNeed): Promise<boolean> {
    if (need.namespace !== undefined && rulesAllow(await this.rulesIn(need.namespace), need)) return true;
    return (await this.api.canI(need)).allowed;
  }

  private rulesIn(namespace: string): Promise<readonly ResourceRule[]> {
    let rules = this.rules.get(namespace);
    if (rules === undefined) {
      rules = this.api.rulesIn(namespace);
      this.rules.set(namespace, rules);
    }
    return rules;
  }
}
