// The local S3-protocol server `npm start` runs when no S3_ENDPOINT is configured (s3rver, files
// under .radar/s3). It accepts only its built-in key pair and does NOT verify presigned-URL
// signatures or expiry (docs/api.md); MinIO or S3 does both in Kubernetes and compose.
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

/** s3rver's built-in key pair (it knows no other). */
export const LOCAL_S3_CREDENTIALS = { S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER' };

/** Starts the server on 127.0.0.1:`port`; returns the settings the export service needs and a stop function. */
export async function startLocalS3({ port, directory }) {
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true });
  await server.run();
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, ...LOCAL_S3_CREDENTIALS },
    stop: async () => {
      const closing = server.close();
      server.httpServer.closeAllConnections();
      await closing;
    },
  };
}
