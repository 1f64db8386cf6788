import { LOCAL_S3_CREDENTIALS, startLocalS3 } from '@radar/platform/testing/local-s3';

/** Where the stack's export files go, and the settings the export service is given for it. */
export interface StackObjectStorage {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/** The stack's object storage: the local object store of `npm start` and the settings that reach it. */
export async function startStackObjectStorage(): Promise<{ storage: StackObjectStorage; stop(): Promise<void> }> {
  const s3 = await startLocalS3();
  return {
    storage: { endpoint: s3.endpoint, ...LOCAL_S3_CREDENTIALS, bucket: 'radar-exports', region: 'us-east-1' },
    stop: () => s3.close(),
  };
}
