import http from 'node:http';

/**
 * A call to a service's operator interface, its JSON answer parsed. node:http rather than fetch:
 * a dataset load answers after minutes, past fetch's fixed five-minute wait for response headers.
 */
export function operatorCall(baseUrl: string, secret: string, method: 'GET' | 'POST', route: string, body?: object): Promise<unknown> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/operator/v1${route}`,
      {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((response.statusCode ?? 0) >= 300) reject(new Error(`${method} ${route}: ${response.statusCode} ${text}`));
          else resolve(text === '' ? undefined : JSON.parse(text));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
