import { CliError } from '../cli-error';
import { loadPublicApiConfig } from './public-api-config';

describe('loadPublicApiConfig (radar mcp)', () => {
  it('reads the token from RADAR_TOKEN and the API from RADAR_BASE_URL', () => {
    expect(loadPublicApiConfig({ RADAR_TOKEN: 'rdr_abc', RADAR_BASE_URL: 'https://api.radar.example.com' })).toEqual({
      token: 'rdr_abc',
      baseUrl: 'https://api.radar.example.com',
    });
  });

  it("defaults to the local stack's gateway, on GATEWAY_PORT when .env moved it", () => {
    expect(loadPublicApiConfig({ RADAR_TOKEN: 'rdr_abc' }).baseUrl).toBe('http://127.0.0.1:8080');
    expect(loadPublicApiConfig({ RADAR_TOKEN: 'rdr_abc', GATEWAY_PORT: '9080', RADAR_BASE_URL: '' }).baseUrl).toBe('http://127.0.0.1:9080');
  });

  it('refuses to start without a token with MISSING_AUTH_HEADER, exit 1', () => {
    for (const env of [{}, { RADAR_TOKEN: '' }]) {
      expect(() => loadPublicApiConfig(env)).toThrow(expect.objectContaining({ code: 'MISSING_AUTH_HEADER', exitCode: 1 }) as CliError);
    }
  });

  it('refuses a base URL that is not http(s) with CONFIG_ERROR naming the variable', () => {
    expect(() => loadPublicApiConfig({ RADAR_TOKEN: 'rdr_abc', RADAR_BASE_URL: 'ftp://example.com' })).toThrow(/RADAR_BASE_URL/);
  });
});
