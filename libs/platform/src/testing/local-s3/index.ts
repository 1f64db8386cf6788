import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port';
import { createLocalS3Server, LOCAL_S3_CREDENTIALS, type LocalS3Server } from '../local-object-store';

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
 * The local object store of `npm start` (s3rver behind the gate of tools/stack/local-s3-server.cjs:
 * presigned GETs and requests signed with LOCAL_S3_CREDENTIALS only) on a free loopback port,
 * with files in a temporary folder.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'radar-s3-'));
  const port = await freePort();
  const start = async (): Promise<LocalS3Server> => {
    const server = createLocalS3Server({ port, directory });
    await server.run();
    return server;
  };
  let server: LocalS3Server | undefined = await start();
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    const closing = running.close();
    running.httpServer.closeAllConnections();
    await closing;
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop,
    async restart() {
      if (!server) server = await start();
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
