import type { Readable } from 'node:stream';
import type { Client } from 'minio';

export interface UploadTarget {
  client: Client;
  bucket: string;
  key: string;
  contentType: string;
  /** Bytes gathered before a part is sent: the most of the file held in memory. */
  partSizeBytes: number;
}

/**
 * Streams `body` into an object. A body that ends within the first part is one PUT; a longer one
 * is a multipart upload, a part at a time, so memory holds one part whatever the file's size. A
 * failure aborts the multipart upload, so no parts are left behind.
 */
export async function uploadInParts(target: UploadTarget, body: Readable): Promise<void> {
  const { client, bucket, key } = target;
  const headers = { 'Content-Type': target.contentType };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let uploadId: string | undefined;
  const parts: { part: number; etag: string }[] = [];

  const sendPart = async () => {
    const payload = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    uploadId ??= await client.initiateNewMultipartUpload(bucket, key, headers);
    const part = parts.length + 1;
    const { etag } = await client.uploadPart({ bucketName: bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: { 'Content-Length': payload.length } }, payload);
    parts.push({ part, etag });
  };

  try {
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= target.partSizeBytes) await sendPart();
    }
    if (uploadId === undefined) {
      await client.putObject(bucket, key, Buffer.concat(pending, pendingBytes), pendingBytes, headers);
      return;
    }
    if (pendingBytes > 0) await sendPart();
    await client.completeMultipartUpload(bucket, key, uploadId, parts);
  } catch (error) {
    if (uploadId !== undefined) await client.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
    throw error;
  }
}
