import type { Scope } from './identity';
import type { ServiceName } from './service-catalogue';

/** A service behind the gateway, by its name in the service catalogue; one with no configured URL answers 503. */
export type Upstream = ServiceName;

/** Rate-limit buckets of interface.md's Limits table, with their per-minute limits. */
export const RATE_LIMIT_BUCKETS = {
  'companies.search': 60,
  'companies.counts': 60,
  'companies.lookup': 60,
  'companies.similar': 60,
  'companies.get': 120,
  'companies.job_postings': 120,
  credits: 60,
  'exports.preview': 60,
  'exports.create': 5,
  'exports.read': 120,
  'exports.download': 30,
  'monitors.read': 120,
  'monitors.write': 60,
  signals: 120,
  'signals.export': 30,
  leads: 120,
  /** extensions.md, section 3: "Webhook reads" (every GET under /webhooks) and "Webhook changes" (every POST). */
  'webhooks.read': 120,
  'webhooks.write': 60,
} as const;

export type RateLimitBucket = keyof typeof RATE_LIMIT_BUCKETS;

export interface PublicRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Express path under /api/v1. */
  path: string;
  upstream: Upstream;
  bucket: RateLimitBucket;
  scope: Scope;
  /** Monitor and webhook changes: the token holder must be owner or admin at request time. */
  requiresEditRole?: boolean;
}

const read = (method: PublicRoute['method'], path: string, upstream: Upstream, bucket: RateLimitBucket): PublicRoute => ({
  method,
  path,
  upstream,
  bucket,
  scope: 'read',
});

const monitorChange = (method: PublicRoute['method'], path: string): PublicRoute => ({
  method,
  path,
  upstream: 'monitor-scheduler',
  bucket: 'monitors.write',
  scope: 'read_write',
  requiresEditRole: true,
});

/** Webhook changes (redeliver, replay, test): as monitor changes, a read_write token of an owner or admin. */
const webhookChange = (path: string): PublicRoute => ({
  method: 'POST',
  path,
  upstream: 'webhook-dispatch',
  bucket: 'webhooks.write',
  scope: 'read_write',
  requiresEditRole: true,
});

/**
 * Every public endpoint under /api/v1: who serves it, its bucket, and what the caller needs. The
 * gateway routes by it; end-to-end suites walk it, so a new endpoint is covered the day it is added.
 */
export const PUBLIC_ROUTES: PublicRoute[] = [
  read('POST', '/companies/search', 'search', 'companies.search'),
  read('POST', '/companies/counts', 'search', 'companies.counts'),
  read('POST', '/companies/lookup', 'search', 'companies.lookup'),
  read('POST', '/companies/similar', 'search', 'companies.similar'),
  read('GET', '/companies/:company_id', 'search', 'companies.get'),
  read('GET', '/companies/:company_id/job-postings', 'search', 'companies.job_postings'),
  read('GET', '/credits', 'ledger', 'credits'),
  read('POST', '/exports/preview', 'export', 'exports.preview'),
  { method: 'POST', path: '/exports', upstream: 'export', bucket: 'exports.create', scope: 'read_write' },
  read('GET', '/exports', 'export', 'exports.read'),
  read('GET', '/exports/:export_id', 'export', 'exports.read'),
  read('POST', '/exports/:export_id/download', 'export', 'exports.download'),
  read('GET', '/monitors', 'monitor-scheduler', 'monitors.read'),
  read('GET', '/monitors/*rest', 'monitor-scheduler', 'monitors.read'),
  monitorChange('POST', '/monitors'),
  monitorChange('POST', '/monitors/*rest'),
  monitorChange('PATCH', '/monitors/*rest'),
  monitorChange('DELETE', '/monitors/*rest'),
  read('GET', '/signals', 'signal-ingest', 'signals'),
  read('GET', '/signals/summary', 'signal-ingest', 'signals'),
  read('GET', '/signals/export', 'signal-ingest', 'signals.export'),
  read('GET', '/leads', 'signal-ingest', 'leads'),
  read('GET', '/leads/summary', 'signal-ingest', 'leads'),
  read('GET', '/webhooks', 'webhook-dispatch', 'webhooks.read'),
  read('GET', '/webhooks/*rest', 'webhook-dispatch', 'webhooks.read'),
  webhookChange('/webhooks/*rest'),
];
