import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalS3Server, LOCAL_S3_CREDENTIALS } from '@radar/platform/testing';

export { LOCAL_S3_CREDENTIALS };

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
 * The local S3-protocol server of `npm start` (tools/stack/local-s3-server.cjs: s3rver behind a
 * gate that serves only presigned GETs and the export service's own signed requests) on a free
 * loopback port with files in a temporary folder.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'radar-s3-'));
  let server = createLocalS3Server({ port: 0, directory });
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
      server = createLocalS3Server({ port, directory });
      await server.run();
      running = true;
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
