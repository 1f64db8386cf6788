// The local S3-protocol server (s3rver) of `npm start`, the end-to-end stack and the export
// service's tests, behind a gate: s3rver itself serves anyone (no signature check, listings
// included). The gate lets through only the two kinds of request Radar makes:
// - the export service's own requests, signed with SigV4 in the Authorization header by the one
//   access key the server knows (signature checked; the payload hash is taken as the client
//   states it, not recomputed over the body);
// - a presigned GET of an object (SigV4 in the query): signature checked, refused once expired.
// Everything else is 403 AccessDenied, listings always (of buckets, of objects). Loopback only.
'use strict';

const aws4 = require('aws4');

/** s3rver's built-in key pair (it knows no other). */
const LOCAL_S3_CREDENTIALS = Object.freeze({ accessKey: 'S3RVER', secretKey: 'S3RVER' });

const CREDENTIALS = { accessKeyId: LOCAL_S3_CREDENTIALS.accessKey, secretAccessKey: LOCAL_S3_CREDENTIALS.secretKey };
const ALGORITHM = 'AWS4-HMAC-SHA256';
const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
/** SigV4's longest presigned lifetime: seven days. */
const MAX_EXPIRES_SECONDS = 604_800;
const PRESIGN_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];

const signatureOf = (authorization) => /Signature=([0-9a-f]{64})/.exec(authorization ?? '')?.[1];

const instantOf = (stamp) => {
  const parts = AMZ_DATE.exec(stamp ?? '');
  return parts ? Date.UTC(+parts[1], +parts[2] - 1, +parts[3], +parts[4], +parts[5], +parts[6]) : Number.NaN;
};

/** `/bucket/key...` names an object; `/` and `/bucket` name listings (or a bucket's own settings). */
const namesObject = (pathname) => /^\/[^/]+\/.+/.test(pathname);

/** The export service's own request: SigV4 in the Authorization header, by our key, with a signature that matches. */
function signedByService(req, url) {
  const match = AUTHORIZATION.exec(req.headers.authorization ?? '');
  if (!match || match[1] !== CREDENTIALS.accessKeyId) return false;
  const [, , day, region, signedHeaderNames, signature] = match;
  const date = req.headers['x-amz-date'];
  if (typeof date !== 'string' || !date.startsWith(day)) return false;
  const headers = {};
  for (const name of signedHeaderNames.split(';')) {
    const value = req.headers[name];
    if (value === undefined) return false;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const signed = aws4.sign({ host: req.headers.host, method: req.method, path: `${url.pathname}${url.search}`, service: 's3', region, headers }, CREDENTIALS);
  return signatureOf(signed.headers.Authorization) === signature;
}

/** A presigned GET of an object: SigV4 in the query, by our key, unexpired, with a signature that matches. */
function presignedGet(req, url, now) {
  if (req.method !== 'GET' || !namesObject(url.pathname)) return false;
  const query = url.searchParams;
  if (PRESIGN_PARAMS.some((name) => !query.has(name)) || query.get('X-Amz-Algorithm') !== ALGORITHM) return false;
  const scope = (query.get('X-Amz-Credential') ?? '').split('/');
  if (scope.length !== 5 || scope[0] !== CREDENTIALS.accessKeyId || query.get('X-Amz-SignedHeaders') !== 'host') return false;
  const signedAt = instantOf(query.get('X-Amz-Date'));
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS || !(now <= signedAt + expires * 1000)) return false;
  const unsigned = new URLSearchParams(query);
  for (const own of ['X-Amz-Signature', 'X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-SignedHeaders']) unsigned.delete(own);
  const signed = aws4.sign({ host: req.headers.host, method: 'GET', path: `${url.pathname}?${unsigned.toString()}`, service: 's3', region: scope[2], signQuery: true }, CREDENTIALS);
  return new URL(signed.path ?? '', 'http://local').searchParams.get('X-Amz-Signature') === query.get('X-Amz-Signature');
}

/** Why a request is refused, or undefined when it may pass. */
function refusalOf(req, now) {
  const url = new URL(req.url ?? '/', 'http://local');
  if (req.method === 'GET' && !namesObject(url.pathname)) return 'listing is refused';
  if (signedByService(req, url)) return undefined;
  if (presignedGet(req, url, now)) return undefined;
  return 'only a presigned GET or a request signed by the export service is served';
}

/** The gate, first of s3rver's Koa middleware. */
function gate(now) {
  return async (ctx, next) => {
    const refusal = refusalOf(ctx.req, now());
    if (refusal === undefined) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${refusal}</Message></Error>`;
    return undefined;
  };
}

/**
 * A local S3 server on 127.0.0.1:`port` (0: any free port) with files in `directory`, gated as
 * above; `run()` starts it and resolves to its address, `close()` stops it. `now` is for tests.
 */
function createLocalS3Server({ port, directory, now = Date.now }) {
  // Required here, not above: loading s3rver takes a second, and the credentials alone need none of it.
  const S3rver = require('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true });
  // Koa composes its middleware when it starts listening: the gate goes first, before s3rver's own.
  server.middleware.unshift(gate(now));
  return server;
}

module.exports = { createLocalS3Server, LOCAL_S3_CREDENTIALS };
