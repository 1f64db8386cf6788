import { errors, type Client, type estypes } from '@elastic/elasticsearch';
import type { Logger } from '@radar/platform/logger';
import { z } from 'zod';

/** How far a feed got: the index it fills and the last company of its last acknowledged batch. */
export interface FeedProgress {
  index: string;
  /** Companies in the store when the feed began: a feed of different data is not resumed. */
  sourceCount: number;
  /** The version of the store's data the feed copies (FeedSource.dataVersion). */
  dataVersion: string;
  /** The mapping the index was created with (company-index-definition.ts). */
  mappingVersion: number;
  /** Resume after this id (the store is read in id order); absent before the first batch. */
  afterId?: string;
  /** Companies written in the acknowledged batches. */
  fed: number;
}

const progressDocumentSchema = z.object({
  index: z.string(),
  source_count: z.number().int(),
  data_version: z.string().nullish(),
  mapping_version: z.number().int(),
  after_id: z.string().nullish(),
  fed: z.number().int(),
});

type ProgressDocument = z.infer<typeof progressDocumentSchema> & { updated_at: string };

/** One feed runs at a time (the dataset load holds a lock), so one document holds its progress. */
const CURRENT = 'current';

const PROGRESS_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    index: { type: 'keyword' },
    source_count: { type: 'long' },
    data_version: { type: 'keyword' },
    mapping_version: { type: 'integer' },
    after_id: { type: 'keyword' },
    fed: { type: 'long' },
    updated_at: { type: 'date' },
  },
};

/**
 * The progress of the running feed, in a small index of its own next to the companies
 * (`<alias>-feed-progress`): it is written as batches are acknowledged, one document replaced
 * each time (a cheap write, unlike the cluster-state update a change of the fed index's
 * metadata would be), and read by the next feed to resume where an interrupted one stopped.
 * Writes are coalesced: while one is in flight only the latest progress waits for its turn.
 */
export class FeedProgressStore {
  private writing: Promise<void> = Promise.resolve();
  private latest: FeedProgress | undefined;
  private scheduled = false;

  constructor(
    private readonly client: Client,
    readonly index: string,
    private readonly logger: Logger,
  ) {}

  /** The progress of an unfinished feed, if there is one. */
  async current(): Promise<FeedProgress | undefined> {
    try {
      const found = await this.client.get({ index: this.index, id: CURRENT });
      const parsed = progressDocumentSchema.safeParse(found._source);
      if (!parsed.success) return undefined;
      const { index, source_count, data_version, mapping_version, after_id, fed } = parsed.data;
      return { index, sourceCount: source_count, dataVersion: data_version ?? '', mappingVersion: mapping_version, fed, ...(after_id ? { afterId: after_id } : {}) };
    } catch (error) {
      // No progress document, or no progress index yet.
      if (error instanceof errors.ResponseError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  /** Records the start of a feed (creating the progress index when missing). */
  async begin(progress: FeedProgress): Promise<void> {
    const exists = await this.client.indices.exists({ index: this.index });
    if (!exists) {
      await this.client.indices.create(
        { index: this.index, settings: { number_of_shards: 1, auto_expand_replicas: '0-1' }, mappings: PROGRESS_MAPPINGS },
        { ignore: [400] },
      );
    } else {
      // A progress index made before a field was added learns it (a strict mapping refuses unknown fields).
      await this.client.indices.putMapping({ index: this.index, properties: PROGRESS_MAPPINGS.properties ?? {} });
    }
    await this.write(progress);
  }

  /** Records progress without waiting; a failed write is logged, and only costs a longer resume. */
  record(progress: FeedProgress): void {
    this.latest = progress;
    if (this.scheduled) return;
    this.scheduled = true;
    this.writing = this.writing.then(async () => {
      this.scheduled = false;
      const next = this.latest;
      if (next === undefined) return;
      try {
        await this.write(next);
      } catch (error) {
        this.logger.warn({ err: error, index: next.index, afterId: next.afterId }, 'recording feed progress failed; a resumed feed starts earlier');
      }
    });
  }

  /** Waits until every recorded progress is written (or has failed). */
  async flushed(): Promise<void> {
    for (;;) {
      const writing = this.writing;
      await writing;
      if (writing === this.writing && !this.scheduled) return;
    }
  }

  /** Forgets the feed: it is done, or of no use any more. */
  async finish(): Promise<void> {
    await this.flushed();
    await this.client.delete({ index: this.index, id: CURRENT }, { ignore: [404] });
  }

  private async write(progress: FeedProgress): Promise<void> {
    const document: ProgressDocument = {
      index: progress.index,
      source_count: progress.sourceCount,
      data_version: progress.dataVersion,
      mapping_version: progress.mappingVersion,
      after_id: progress.afterId ?? null,
      fed: progress.fed,
      updated_at: new Date().toISOString(),
    };
    await this.client.index({ index: this.index, id: CURRENT, document });
  }
}
