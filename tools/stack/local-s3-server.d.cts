// Types of local-s3-server.cjs for the TypeScript tests that start it.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalS3Server {
  httpServer: Server;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

export declare const LOCAL_S3_CREDENTIALS: Readonly<{ accessKey: string; secretKey: string }>;

export declare function createLocalS3Server(options: { port: number; directory: string; now?: () => number }): LocalS3Server;
