import { ConfigError, loadConfig } from '@radar/platform/config';
import { TEST_SECRETS } from '@radar/platform/testing';
import { elasticsearchSettingsOf, searchConfig } from './config';

const settingsFrom = (environment: Record<string, string>) => elasticsearchSettingsOf(loadConfig(searchConfig, { ...TEST_SECRETS, ...environment }));

describe('the Elasticsearch settings of the search configuration', () => {
  it('chooses PostgreSQL search when no cluster is named', () => {
    expect(settingsFrom({})).toBeUndefined();
    expect(settingsFrom({ ELASTICSEARCH_URL: '' })).toBeUndefined();
  });

  it('defaults to a single-node layout behind the alias radar-companies', () => {
    expect(settingsFrom({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200' })).toEqual({
      cluster: { node: 'http://127.0.0.1:9200' },
      index: 'radar-companies',
      searchBudgetMs: 5_000,
      layout: { shards: 1, replicas: 0, refreshInterval: '1s' },
    });
  });

  it('reads the production layout, an API key and a CA file', () => {
    expect(
      settingsFrom({
        ELASTICSEARCH_URL: 'https://radar-search-es-http:9200',
        ELASTICSEARCH_API_KEY: 'a2V5OnNlY3JldA==',
        ELASTICSEARCH_CA_FILE: '/etc/radar/elasticsearch/ca.crt',
        ELASTICSEARCH_SHARDS: '6',
        ELASTICSEARCH_REPLICAS: '1',
        ELASTICSEARCH_REFRESH_INTERVAL: '30s',
      }),
    ).toEqual({
      cluster: { node: 'https://radar-search-es-http:9200', auth: { apiKey: 'a2V5OnNlY3JldA==' }, caFile: '/etc/radar/elasticsearch/ca.crt' },
      index: 'radar-companies',
      searchBudgetMs: 5_000,
      layout: { shards: 6, replicas: 1, refreshInterval: '30s' },
    });
  });

  it('refuses to start in production without an explicit layout, naming the variables', () => {
    const production = { NODE_ENV: 'production', ELASTICSEARCH_URL: 'https://radar-search-es-http:9200', ELASTICSEARCH_SHARDS: '6' };
    expect(() => settingsFrom(production)).toThrow(ConfigError);
    expect(() => settingsFrom(production)).toThrow(/ELASTICSEARCH_REPLICAS, ELASTICSEARCH_REFRESH_INTERVAL not set: in production/);
    expect(settingsFrom({ ...production, ELASTICSEARCH_REPLICAS: '0', ELASTICSEARCH_REFRESH_INTERVAL: '30s' })?.layout).toEqual({ shards: 6, replicas: 0, refreshInterval: '30s' });
    // PostgreSQL search has no layout to set.
    expect(settingsFrom({ NODE_ENV: 'production' })).toBeUndefined();
  });

  it('names an Elastic Cloud deployment by its cloud id, with a user and password', () => {
    expect(settingsFrom({ ELASTICSEARCH_CLOUD_ID: 'radar:ZXUtd2VzdC0x', ELASTICSEARCH_USERNAME: 'radar-search', ELASTICSEARCH_PASSWORD: 's3cret' })?.cluster).toEqual({
      cloudId: 'radar:ZXUtd2VzdC0x',
      auth: { username: 'radar-search', password: 's3cret' },
    });
  });

  it.each([
    ['a URL and a cloud id', { ELASTICSEARCH_URL: 'http://es:9200', ELASTICSEARCH_CLOUD_ID: 'radar:abc' }, /URL and ELASTICSEARCH_CLOUD_ID are both set/],
    ['an API key and a password', { ELASTICSEARCH_URL: 'http://es:9200', ELASTICSEARCH_API_KEY: 'k', ELASTICSEARCH_USERNAME: 'u', ELASTICSEARCH_PASSWORD: 'p' }, /one way to log in/],
    ['a user name without a password', { ELASTICSEARCH_URL: 'http://es:9200', ELASTICSEARCH_USERNAME: 'u' }, /set both or neither/],
    ['credentials without a cluster', { ELASTICSEARCH_API_KEY: 'k' }, /ELASTICSEARCH_API_KEY set without ELASTICSEARCH_URL or ELASTICSEARCH_CLOUD_ID/],
  ])('refuses %s, naming the variables', (_label, environment, message) => {
    expect(() => settingsFrom(environment)).toThrow(ConfigError);
    expect(() => settingsFrom(environment)).toThrow(message);
  });

  it('reads the feed\'s rejection tolerance and how long it keeps the previous index, leaving the engine\'s defaults when unset', () => {
    const settings = settingsFrom({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200', ELASTICSEARCH_FEED_REJECTION_TOLERANCE: '0.0005', ELASTICSEARCH_KEEP_PREVIOUS_INDEX_MS: '3600000' });
    expect(settings).toMatchObject({ rejectionTolerance: 0.0005, keepPreviousForMs: 3_600_000 });
    expect(settingsFrom({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200', ELASTICSEARCH_FEED_REJECTION_TOLERANCE: '0', ELASTICSEARCH_KEEP_PREVIOUS_INDEX_MS: '0' })).toMatchObject({
      rejectionTolerance: 0,
      keepPreviousForMs: 0,
    });
    const defaults = settingsFrom({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200', ELASTICSEARCH_FEED_REJECTION_TOLERANCE: '', ELASTICSEARCH_KEEP_PREVIOUS_INDEX_MS: '' });
    expect(defaults).not.toHaveProperty('rejectionTolerance');
    expect(defaults).not.toHaveProperty('keepPreviousForMs');
  });

  it.each([
    ['ELASTICSEARCH_FEED_REJECTION_TOLERANCE', '1.5', /share between 0 and 1/],
    ['ELASTICSEARCH_FEED_REJECTION_TOLERANCE', '0.1%', /share between 0 and 1/],
    ['ELASTICSEARCH_FEED_REJECTION_TOLERANCE', '-0.001', /share between 0 and 1/],
    ['ELASTICSEARCH_KEEP_PREVIOUS_INDEX_MS', '1d', /whole number of milliseconds/],
    ['ELASTICSEARCH_KEEP_PREVIOUS_INDEX_MS', '-1', /whole number of milliseconds/],
  ])('refuses %s=%p at start, saying what it must be', (variable, value, message) => {
    const start = () => loadConfig(searchConfig, { ...TEST_SECRETS, ELASTICSEARCH_URL: 'http://127.0.0.1:9200', [variable]: value });
    expect(start).toThrow(new RegExp(`${variable} is invalid`));
    expect(start).toThrow(message);
  });

  it.each([
    ['ELASTICSEARCH_SHARDS', '0'],
    ['ELASTICSEARCH_REPLICAS', 'one'],
    ['ELASTICSEARCH_REFRESH_INTERVAL', '30'],
    ['ELASTICSEARCH_REFRESH_INTERVAL', '-1'],
    ['ELASTICSEARCH_INDEX', 'Radar Companies'],
  ])('refuses %s=%p at start', (variable, value) => {
    expect(() => loadConfig(searchConfig, { ...TEST_SECRETS, [variable]: value })).toThrow(new RegExp(`${variable} is invalid`));
  });
});
