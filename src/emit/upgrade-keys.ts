/**
 * Render keys recorded once `up` has applied a release (docs/component.md, "Renders the record
 * answers"). An install's render of a chart that keeps a value through `lookup` records no key:
 * there is nothing to find yet, so the upgrade after it may render otherwise (grafana's admin
 * password checksum does). Once the release's objects exist, it is rendered again as the next
 * preview would render it, an upgrade against the cluster; that render's key is recorded only when
 * it holds the very objects just applied (./manifest-digest.ts: `helm test` hooks aside, which
 * helm never installs), so the key answers exactly what the state holds.
 *
 * The renders are batched: what is asked for while a batch renders waits for the next batch, so a
 * state's releases share helm's capabilities probe and chart preparation. A render that fails, or
 * renders otherwise, records nothing: the next preview renders that release, as before.
 */
import type { RenderKey } from "../render/cluster-render";

/** The renders of a batch: each release's manifest, and the render key its render could record. */
export interface UpgradeRenders {
  readonly manifests: ReadonlyMap<string, string>;
  readonly keys: ReadonlyMap<string, RenderKey | undefined>;
}

/** Renders the releases of `ids` as upgrades against their cluster. */
export type RenderUpgrades = (ids: ReadonlySet<string>) => Promise<UpgradeRenders>;

interface Waiting {
  readonly manifest: string;
  readonly settle: (key: RenderKey | undefined) => void;
}

export class UpgradeKeys {
  private waiting = new Map<string, Waiting[]>();
  private busy = false;

  /**
   * @param render renders a batch.
   * @param same whether an upgrade's render is the applied one (the same objects).
   * @param onFailure told of a batch whose render failed.
   */
  constructor(
    private readonly render: RenderUpgrades,
    private readonly same: (rendered: string, applied: string) => boolean,
    private readonly onFailure: (ids: readonly string[], err: unknown) => void = () => undefined,
  ) {}

  /**
   * The key of release `id`'s upgrade render, if that render is the `applied` manifest; undefined
   * otherwise. Never rejects.
   */
  keyFor(id: string, applied: string): Promise<RenderKey | undefined> {
    return new Promise((settle) => {
      const list = this.waiting.get(id) ?? [];
      list.push({ manifest: applied, settle });
      this.waiting.set(id, list);
      this.start();
    });
  }

  private start(): void {
    if (this.busy || this.waiting.size === 0) return;
    this.busy = true;
    // Whatever is asked in this turn joins the batch.
    setImmediate(() => void this.next());
  }

  private async next(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    let renders: UpgradeRenders | undefined;
    try {
      renders = await this.render(new Set(batch.keys()));
    } catch (err) {
      this.onFailure([...batch.keys()], err);
    } finally {
      for (const [id, list] of batch) for (const w of list) w.settle(this.answer(renders, id, w.manifest));
      this.busy = false;
      this.start();
    }
  }

  private answer(renders: UpgradeRenders | undefined, id: string, applied: string): RenderKey | undefined {
    const key = renders?.keys.get(id);
    const manifest = renders?.manifests.get(id);
    if (key === undefined || manifest === undefined) return undefined;
    try {
      return this.same(manifest, applied) ? key : undefined;
    } catch {
      return undefined;
    }
  }
}
