import aws4 from 'aws4';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Re-signs a SigV4 presigned GET URL with an independent implementation (aws4) from the same
 * credentials, date, expiry and query, and compares signatures: true only when every signed part
 * of the URL is as the signer made it. The local S3 server does not check signatures, so the
 * tests do it here.
 */
export function presignedSignatureValid(url: string, credentials: Credentials): boolean {
  const parsed = new URL(url);
  const query = new URLSearchParams(parsed.search);
  const given = query.get('X-Amz-Signature');
  const scope = (query.get('X-Amz-Credential') ?? '').split('/');
  if (!given || scope.length !== 5 || scope[0] !== credentials.accessKeyId) return false;
  // aws4 writes these three itself; the date and the expiry are taken from the URL as given.
  for (const own of ['X-Amz-Signature', 'X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-SignedHeaders']) query.delete(own);
  const signed = aws4.sign(
    { host: parsed.host, path: `${parsed.pathname}?${query.toString()}`, method: 'GET', service: 's3', region: scope[2], signQuery: true },
    credentials,
  );
  return new URL(`http://${parsed.host}${signed.path ?? ''}`).searchParams.get('X-Amz-Signature') === given;
}

/** When the URL was signed (X-Amz-Date) and how long it is valid (X-Amz-Expires). */
export function presignedValidity(url: string): { signedAt: Date; expiresInSeconds: number } {
  const query = new URL(url).searchParams;
  const stamp = query.get('X-Amz-Date') ?? '';
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
  return { signedAt: new Date(iso), expiresInSeconds: Number(query.get('X-Amz-Expires')) };
}
