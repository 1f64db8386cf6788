import { randomBytes } from 'node:crypto';
import { errors, type Client, type estypes } from '@elastic/elasticsearch';
import type { Logger } from '@radar/platform/logger';
import { COMPANY_MAPPINGS, companyIndexSettings, feedingIndexSettings, steadyStateSettings, type IndexLayout } from './company-index-definition';
import { assertWholeAnswer, errorTypeOf } from './unavailable-cluster';
import { timeValueMs } from './time-value';

/**
 * How long finishing a feed waits for the new index's replicas to be allocated before it goes
 * live anyway (its primaries answer meanwhile; a single-node cluster never places a replica).
 */
export const DEFAULT_GREEN_TIMEOUT = '10m';
/** Time for the node to answer once its health wait is over. */
const HEALTH_ANSWER_MARGIN_MS = 30_000;

/**
 * The company index behind its alias. Searches and single upserts use the alias (the
 * ELASTICSEARCH_INDEX name); each feed builds a new concrete index, `<alias>-fed-<time>`,
 * and moves the alias to it in one atomic step once it is complete, so a search never sees a
 * half-loaded index. The first index, made when the alias does not exist yet, is
 * `<alias>-initial`: one fixed name, so replicas of the service starting together create it
 * once.
 */
export class CompanyIndexAlias {
  constructor(
    private readonly client: Client,
    readonly alias: string,
    private readonly layout: IndexLayout,
    private readonly logger: Logger,
    private readonly greenTimeout: string = DEFAULT_GREEN_TIMEOUT,
  ) {}

  get initialIndex(): string {
    return `${this.alias}-initial`;
  }

  /** Creates the first index behind the alias unless the alias (or an index of that name, from before aliases) exists. */
  async ensure(): Promise<void> {
    if (await this.client.indices.exists({ index: this.alias })) return;
    try {
      await this.client.indices.create({
        index: this.initialIndex,
        settings: companyIndexSettings(this.layout),
        mappings: COMPANY_MAPPINGS,
        aliases: { [this.alias]: { is_write_index: true } },
      });
      this.logger.info({ alias: this.alias, index: this.initialIndex, layout: this.layout }, 'created the company index');
    } catch (error) {
      // Another replica of the service created it between our check and our create; adding the alias again is harmless.
      if (errorTypeOf(error) !== 'resource_already_exists_exception') throw error;
      await this.client.indices.putAlias({ index: this.initialIndex, name: this.alias, is_write_index: true });
    }
  }

  /** The concrete indices the alias points at (none when it does not exist). */
  async liveIndices(): Promise<string[]> {
    try {
      return Object.keys(await this.client.indices.getAlias({ name: this.alias }));
    } catch (error) {
      if (error instanceof errors.ResponseError && error.statusCode === 404) return [];
      throw error;
    }
  }

  async exists(index: string): Promise<boolean> {
    return this.client.indices.exists({ index });
  }

  /** The mapping version (company-index-definition.ts) each live index was built with; 0 for one built before versions. */
  async liveMappingVersions(): Promise<Record<string, number>> {
    const versions: Record<string, number> = {};
    for (const [index, meta] of Object.entries(await this.metaOf(this.alias))) {
      versions[index] = typeof meta.mapping_version === 'number' ? meta.mapping_version : 0;
    }
    return versions;
  }

  /** The data version each live index was fed with (none for one fed before data versions). */
  async liveDataVersions(): Promise<Record<string, string | undefined>> {
    const versions: Record<string, string | undefined> = {};
    for (const [index, meta] of Object.entries(await this.metaOf(this.alias))) {
      versions[index] = typeof meta.data_version === 'string' ? meta.data_version : undefined;
    }
    return versions;
  }

  /**
   * Adds to an index's `_meta` what a feed learnt about it: which data it holds (so the next
   * load can tell whether it changed), the facets' shard sizes. A field given as undefined is
   * removed. (A mapping update replaces `_meta` whole, so the rest is read and written back.)
   */
  async recordInMeta(index: string, fields: Record<string, unknown>): Promise<void> {
    const meta = (await this.metaOf(index))[index] ?? {};
    await this.client.indices.putMapping({ index, _meta: { ...meta, ...fields } });
  }

  /** The `_meta` of each index the alias points at, by index name. */
  liveMetas(): Promise<Record<string, Record<string, unknown>>> {
    return this.metaOf(this.alias);
  }

  /**
   * Deletes the indices a swap retired (their `_meta.retired_at`) longer ago than `keepForMs`,
   * but never one the alias points at: until then an operator can point the alias back at one.
   */
  async deleteRetiredIndices(keepForMs: number, now = Date.now()): Promise<string[]> {
    const metas = await this.metaOf(`${this.alias}-fed-*,${this.initialIndex}`, true);
    // An operator may have pointed the alias back at a retired index: that one serves.
    const live = new Set(await this.liveIndices());
    const due = Object.entries(metas)
      .filter(([index, meta]) => !live.has(index) && typeof meta.retired_at === 'string' && Date.parse(meta.retired_at) + keepForMs <= now)
      .map(([index]) => index);
    if (due.length > 0) {
      await this.client.indices.delete({ index: due }, { ignore: [404] });
      this.logger.info({ alias: this.alias, deleted: due, keptForMs: keepForMs }, 'deleted company indices retired by earlier feeds');
    }
    return due;
  }

  private async metaOf(index: string, missingAllowed = false): Promise<Record<string, Record<string, unknown>>> {
    const mappings = await this.client.indices.getMapping({ index, ...(missingAllowed ? { ignore_unavailable: true, allow_no_indices: true } : {}) });
    return Object.fromEntries(Object.entries(mappings).map(([name, { mappings: mapping }]) => [name, (mapping._meta ?? {}) as Record<string, unknown>]));
  }

  /** A new concrete index for a feed: the layout's shards, no replica, no refresh until the feed is done. */
  async createFeedingIndex(): Promise<string> {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const index = `${this.alias}-fed-${stamp}-${randomBytes(2).toString('hex')}`;
    await this.client.indices.create({ index, settings: feedingIndexSettings(this.layout), mappings: COMPANY_MAPPINGS });
    this.logger.info({ alias: this.alias, index, layout: this.layout }, 'created an index to feed');
    return index;
  }

  /**
   * A fed index made ready to serve: the layout's replicas and refresh interval back, its
   * companies made visible, and (up to the green timeout) its replicas allocated, so the
   * searches that move to it do not all land on primaries that are still copying themselves.
   */
  async finishFeeding(index: string): Promise<void> {
    await this.client.indices.putSettings({ index, settings: steadyStateSettings(this.layout) });
    await this.client.indices.refresh({ index });
    // Elasticsearch answers a health wait that timed out with 408; the body still says how far it got.
    // The node holds the request for the whole wait, so the request may take longer than the
    // client's usual timeout; and it is not resent, or a wait that ran out would run again.
    const health = await this.client.cluster.health(
      { index, wait_for_status: 'green', timeout: this.greenTimeout },
      { ignore: [408], requestTimeout: timeValueMs(this.greenTimeout) + HEALTH_ANSWER_MARGIN_MS, maxRetries: 0 },
    );
    if (health.timed_out) {
      this.logger.warn({ index, status: health.status, unassigned: health.unassigned_shards, timeout: this.greenTimeout }, 'fed index is not green; it goes live with replicas still unassigned');
    }
  }

  /**
   * Gives the live indices the layout's replica count and refresh interval where they differ
   * (a changed ELASTICSEARCH_REPLICAS reaches the index at the next start, not only at the
   * next feed); the shard count is fixed for an index's life and changes with a feed.
   */
  async applyLayout(): Promise<string[]> {
    const wanted = steadyStateSettings(this.layout);
    const live = await this.client.indices.getSettings({ index: this.alias });
    const changed = Object.entries(live)
      .filter(([, { settings }]) => settings?.index?.number_of_replicas !== String(wanted.number_of_replicas) || (settings.index.refresh_interval ?? '1s') !== wanted.refresh_interval)
      .map(([index]) => index);
    for (const index of changed) {
      await this.client.indices.putSettings({ index, settings: wanted });
      this.logger.info({ index, layout: this.layout }, 'live company index given the configured replicas and refresh interval');
    }
    return changed;
  }

  /** Exact count of the companies in a concrete index. */
  async count(index: string): Promise<number> {
    return assertWholeAnswer(await this.client.count({ index })).count;
  }

  /**
   * Points the alias at `index` alone, in one atomic step, and marks the indices it pointed at
   * before as retired now (kept until deleteRetiredIndices, so the swap can be undone); an
   * index named like the alias, from before aliases, is deleted within the same step.
   */
  async swapTo(index: string): Promise<string[]> {
    const previous = (await this.liveIndices()).filter((name) => name !== index);
    const legacyIndex = previous.length === 0 && (await this.exists(this.alias));
    const actions: estypes.IndicesUpdateAliasesAction[] = [
      ...previous.map((name) => ({ remove: { index: name, alias: this.alias } })),
      { add: { index, alias: this.alias, is_write_index: true } },
      ...(legacyIndex ? [{ remove_index: { index: this.alias } }] : []),
    ];
    await this.client.indices.updateAliases({ actions });
    const retiredAt = new Date().toISOString();
    for (const [name, meta] of Object.entries(previous.length > 0 ? await this.metaOf(previous.join(',')) : {})) {
      await this.client.indices.putMapping({ index: name, _meta: { ...meta, retired_at: retiredAt } });
    }
    this.logger.info({ alias: this.alias, index, replaced: legacyIndex ? [this.alias] : previous }, 'company index alias moved to the fed index');
    return previous;
  }

  async deleteIndex(index: string): Promise<void> {
    await this.client.indices.delete({ index }, { ignore: [404] });
  }
}
