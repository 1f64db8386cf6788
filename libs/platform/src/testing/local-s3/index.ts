import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in credentials (it knows no others). */
export const LOCAL_S3_CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER' } as const;

export interface LocalS3 {
  endpoint: string;
  port: number;
  /** Stops answering: the listener closes and open connections are cut (object storage down). */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same files. */
  restart(): Promise<void>;
  /** Stops and removes its files. */
  close(): Promise<void>;
}

/**
 * A local S3-protocol server (s3rver) on a free loopback port with files in a temporary folder.
 * It does not verify presigned-URL signatures or expiry; tests that care check those with aws4.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'radar-s3-'));
  let server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    const closing = server.close();
    server.httpServer.closeAllConnections();
    await closing;
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop,
    async restart() {
      if (running) return;
      server = new S3rver({ address: '127.0.0.1', port, directory, silent: true });
      await server.run();
      running = true;
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
