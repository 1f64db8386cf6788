import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { REPOSITORY_ROOT } from './sibling-process';

export interface LocalS3Server {
  httpServer: Server;
  /** Starts listening on 127.0.0.1; resolves to the address. */
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

interface LocalS3Module {
  createLocalS3Server(options: { port: number; directory: string; now?: () => number }): LocalS3Server;
  LOCAL_S3_CREDENTIALS: Readonly<{ accessKey: string; secretKey: string }>;
}

// The store is a script of the stack that `npm start` runs with plain Node, not a library: tests
// load that very file, so what they check is what runs.
const localS3 = createRequire(path.join(REPOSITORY_ROOT, 'package.json'))('./tools/stack/local-s3-server.cjs') as LocalS3Module;

/** The local object store's one key pair (s3rver knows no other). */
export const LOCAL_S3_CREDENTIALS = localS3.LOCAL_S3_CREDENTIALS;

/**
 * The local object store of `npm start` (tools/stack/local-s3-server.cjs: s3rver behind a gate
 * that serves only presigned GETs and requests signed with LOCAL_S3_CREDENTIALS, listings
 * never), on 127.0.0.1:`port` (0: any free port) with files in `directory`. `now` is its clock.
 */
export const createLocalS3Server = (options: { port: number; directory: string; now?: () => number }): LocalS3Server => localS3.createLocalS3Server(options);
