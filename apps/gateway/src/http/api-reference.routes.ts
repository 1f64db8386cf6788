import path from 'node:path';
import { Router } from 'express';
import { API_REFERENCE_PAGE_PATH, OPENAPI_DOCUMENT_PATH } from '@radar/contracts';
import { buildOpenApiDocument } from '@radar/api-spec';

const DOCUMENT_URL = `/api/v1${OPENAPI_DOCUMENT_PATH}`;
const RENDERER_URL = `${API_REFERENCE_PAGE_PATH}/assets/api-reference.js`;

/** Scalar's standalone browser bundle, served from the installed package: the page loads nothing from elsewhere. */
const RENDERER_FILE = path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/** The renderer's settings: no web fonts, telemetry, AI agent, MCP or developer tools, which would call out of this server. */
const RENDERER_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  defaultOpenAllTags: true,
  hideClientButton: false,
  documentDownloadType: 'json',
};

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Radar API reference</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <script id="api-reference" data-url="${DOCUMENT_URL}" data-configuration="${escapeAttribute(JSON.stringify(RENDERER_CONFIGURATION))}"></script>
    <script src="${RENDERER_URL}"></script>
  </body>
</html>
`;

/**
 * Only this server's own scripts, styles and document; the renderer injects its styles inline and
 * draws icons from data URLs. A renderer that tried to reach another host would be refused.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `GET /api/v1/openapi.json` (the document, no token needed) and the reference page at `/docs`.
 * The document is built on first request and kept: it changes only with the code.
 */
export function apiReferenceRoutes(): Router {
  const router = Router();
  let document: string | undefined;
  router.get(DOCUMENT_URL, (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    res.type('application/json').set('Cache-Control', 'public, max-age=300').send(document);
  });
  router.get(API_REFERENCE_PAGE_PATH, (_req, res) => {
    res.type('html').set({ 'Content-Security-Policy': PAGE_POLICY, 'Cache-Control': 'no-cache' }).send(PAGE);
  });
  router.get(RENDERER_URL, (_req, res, next) => {
    res.type('text/javascript').set('Cache-Control', 'public, max-age=86400').sendFile(RENDERER_FILE, (error) => {
      if (error) next(error);
    });
  });
  return router;
}
