// The local S3-protocol server `npm start` runs when no S3_ENDPOINT is configured (s3rver behind
// the gate of local-s3-server.cjs, files under .radar/s3, on 127.0.0.1 only). What it does not
// check is in the README; MinIO or S3 checks everything in Kubernetes and compose.
import { mkdirSync } from 'node:fs';
import localS3Server from './local-s3-server.cjs';

const { createLocalS3Server, LOCAL_S3_CREDENTIALS } = localS3Server;

/** Starts the server on 127.0.0.1:`port`; returns the settings the export service needs and a stop function. */
export async function startLocalS3({ port, directory }) {
  mkdirSync(directory, { recursive: true });
  const server = createLocalS3Server({ port, directory });
  await server.run();
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY: LOCAL_S3_CREDENTIALS.accessKey, S3_SECRET_KEY: LOCAL_S3_CREDENTIALS.secretKey },
    stop: async () => {
      const closing = server.close();
      server.httpServer.closeAllConnections();
      await closing;
    },
  };
}
