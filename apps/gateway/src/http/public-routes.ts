// The route table is part of the contract (libs/contracts/src/public-routes.ts), where the
// end-to-end suites can read it too; the gateway's code imports it from here.
export { PUBLIC_ROUTES, RATE_LIMIT_BUCKETS, type PublicRoute, type RateLimitBucket, type Upstream } from '@radar/contracts';
