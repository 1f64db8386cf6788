import { Readable } from 'node:stream';
import { Client } from 'minio';
import { uploadInParts } from '../src/clients/multipart-upload';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '@radar/platform/testing/local-s3';

describe('uploadInParts', () => {
  let s3: LocalS3;
  let client: Client;
  const bucket = 'multipart-test';
  beforeAll(async () => {
    s3 = await startLocalS3();
    client = new Client({ endPoint: '127.0.0.1', port: s3.port, useSSL: false, pathStyle: true, region: 'us-east-1', ...LOCAL_S3_CREDENTIALS });
    await client.makeBucket(bucket, 'us-east-1');
  });
  afterAll(async () => {
    await s3.close();
  });

  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await client.getObject(bucket, key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  /** A body of `size` bytes in 10 KB chunks, counting how far it has been read. */
  const body = (size: number) => {
    const data = Buffer.alloc(size);
    for (let i = 0; i < size; i += 1) data[i] = i % 251;
    const chunks = Array.from({ length: Math.ceil(size / 10_240) }, (_, i) => data.subarray(i * 10_240, (i + 1) * 10_240));
    return { data, stream: Readable.from(chunks) };
  };

  it('uploads a body longer than a part as a multipart upload of several parts, byte for byte', async () => {
    const { data, stream } = body(1_000_000);
    const initiated = jest.spyOn(client, 'initiateNewMultipartUpload');
    const parts = jest.spyOn(client, 'uploadPart');
    await uploadInParts({ client, bucket, key: 'big', contentType: 'text/csv', partSizeBytes: 100_000 }, stream);
    expect(initiated).toHaveBeenCalledTimes(1);
    expect(parts.mock.calls.length).toBeGreaterThanOrEqual(10);
    // No part is much larger than the part size: the file is never gathered whole.
    expect(Math.max(...parts.mock.calls.map((call) => (call[1] as Buffer).length))).toBeLessThan(100_000 + 10_240);
    expect((await read('big')).equals(data)).toBe(true);
    expect((await client.statObject(bucket, 'big')).metaData['content-type']).toBe('text/csv');
    initiated.mockRestore();
    parts.mockRestore();
  });

  it('uploads a body within one part in a single PUT', async () => {
    const { data, stream } = body(50_000);
    const initiated = jest.spyOn(client, 'initiateNewMultipartUpload');
    await uploadInParts({ client, bucket, key: 'small', contentType: 'application/json', partSizeBytes: 100_000 }, stream);
    expect(initiated).not.toHaveBeenCalled();
    expect((await read('small')).equals(data)).toBe(true);
    initiated.mockRestore();
  });

  it('aborts the multipart upload when the body fails, leaving no object', async () => {
    async function* failing() {
      yield Buffer.alloc(150_000);
      throw new Error('search went away');
    }
    const aborted = jest.spyOn(client, 'abortMultipartUpload');
    await expect(
      uploadInParts({ client, bucket, key: 'broken', contentType: 'text/csv', partSizeBytes: 100_000 }, Readable.from(failing())),
    ).rejects.toThrow('search went away');
    expect(aborted).toHaveBeenCalledTimes(1);
    await expect(client.statObject(bucket, 'broken')).rejects.toMatchObject({ code: 'NotFound' });
    aborted.mockRestore();
  });
});
