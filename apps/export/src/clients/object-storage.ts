import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { Logger } from 'pino';
import { uploadInParts } from './multipart-upload';

export interface ObjectStorageSettings {
  endpoint: string;
  /** The address clients download from, when it differs from `endpoint`; presigned URLs are signed for it. */
  publicEndpoint?: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  partSizeBytes: number;
}

function clientFor(url: string, settings: ObjectStorageSettings): Client {
  const parsed = new URL(url);
  const useSSL = parsed.protocol === 'https:';
  return new Client({
    endPoint: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : useSSL ? 443 : 80,
    useSSL,
    pathStyle: true,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    // Set, so the client never asks the store for the bucket's region (presigning stays offline).
    region: settings.region,
  });
}

export interface PresignOptions {
  fileName: string;
  contentType: string;
  ttlSeconds: number;
  signedAt: Date;
}

/** The export files in an S3 bucket (MinIO, or a local S3 server in development). */
export class ObjectStorage {
  private readonly client: Client;
  private readonly signer: Client;
  private bucketReady: Promise<void> | undefined;

  constructor(
    private readonly settings: ObjectStorageSettings,
    private readonly logger: Logger,
  ) {
    this.client = clientFor(settings.endpoint, settings);
    this.signer = clientFor(settings.publicEndpoint ?? settings.endpoint, settings);
  }

  /** Creates the bucket when it is missing; remembered once it worked, retried on the next call when it did not. */
  ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (!(await this.client.bucketExists(this.settings.bucket))) {
        await this.client.makeBucket(this.settings.bucket, this.settings.region).catch(async (error: unknown) => {
          // Another replica may have made it in the meantime.
          if (!(await this.client.bucketExists(this.settings.bucket))) throw error;
        });
        this.logger.info({ bucket: this.settings.bucket }, 'bucket created');
      }
    })().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }

  /** Throws when the object storage does not answer (`radar status`); a bucket not made yet is fine, the first export makes it. */
  async checkReachable(): Promise<void> {
    await this.client.bucketExists(this.settings.bucket);
  }

  /** Streams `body` into the object in parts; the whole file is never held in memory. */
  async upload(key: string, body: Readable, contentType: string): Promise<void> {
    await this.ensureBucket();
    await uploadInParts({ client: this.client, bucket: this.settings.bucket, key, contentType, partSizeBytes: this.settings.partSizeBytes }, body);
  }

  async sizeOf(key: string): Promise<number> {
    return (await this.client.statObject(this.settings.bucket, key)).size;
  }

  /** Reads an object whole (tests and the benchmark check files with it). */
  async read(key: string): Promise<Buffer> {
    const stream = await this.client.getObject(this.settings.bucket, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * A GET URL signed (SigV4, in the query) at `signedAt` for `ttlSeconds`: anyone holding it
   * can fetch the object with a plain GET until then. Signing needs no round trip to the store.
   */
  presignedDownload(key: string, options: PresignOptions): Promise<string> {
    return this.signer.presignedGetObject(
      this.settings.bucket,
      key,
      options.ttlSeconds,
      {
        'response-content-type': options.contentType,
        'response-content-disposition': `attachment; filename="${options.fileName}"`,
      },
      options.signedAt,
    );
  }

  /**
   * Removes an object and any unfinished upload of it (a worker killed mid-upload leaves one);
   * best effort: an incomplete-upload lifecycle rule on the bucket is the backstop, and stores
   * without the listing of unfinished uploads (the local S3 server) keep them until then.
   */
  async removeQuietly(key: string): Promise<void> {
    await Promise.all([
      this.client.removeObject(this.settings.bucket, key).catch((error: unknown) => this.logger.warn({ err: error, key }, 'could not remove object')),
      this.client
        .removeIncompleteUpload(this.settings.bucket, key)
        .catch((error: unknown) => this.logger.debug({ err: error, key }, 'could not remove unfinished uploads')),
    ]);
  }
}
