import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export interface RawRequest {
  method: string;
  /** An absolute URL, sent as given: invalid percent-encoding and all. */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Sends the body chunked, with no Content-Length, in two parts. */
  chunked?: boolean;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * A plain HTTP/1.1 client for requests `fetch` refuses to make: a body on a GET, a chunked body,
 * any Content-Type or Content-Encoding. The server may answer before the body is sent (a 415 or
 * 413 from the headers alone); the answer is what counts, a broken upload after it is not.
 */
export class RawHttpClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });

  send(raw: RawRequest, timeoutMs = 15_000): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...raw.headers };
      if (raw.body && raw.chunked) headers['transfer-encoding'] = 'chunked';
      else if (raw.body) headers['content-length'] = String(raw.body.length);
      let answered = false;
      const outgoing = request(raw.url, { method: raw.method, headers, agent: this.agent, timeout: timeoutMs }, (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer to ${raw.method} ${raw.url} within ${timeoutMs} ms`)));
      outgoing.on('error', (error) => {
        if (!answered) reject(error);
      });
      if (raw.body && raw.chunked) {
        const half = Math.floor(raw.body.length / 2);
        outgoing.write(raw.body.subarray(0, half));
        outgoing.end(raw.body.subarray(half));
      } else {
        outgoing.end(raw.body);
      }
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
