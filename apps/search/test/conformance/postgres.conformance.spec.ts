import { silentLogger } from '@radar/platform/testing';
import { createCompanyIndex } from '../../src/company-index/create-company-index';
import { describeCompanyIndexConformance } from './company-index.conformance';

// The embedded default: what createCompanyIndex chooses without ELASTICSEARCH_URL.
describeCompanyIndexConformance('PostgreSQL full-text search', {
  companyIndex: (pool) => {
    const selected = createCompanyIndex({ pool, logger: silentLogger() });
    if (selected.backend !== 'postgres') throw new Error(`expected the PostgreSQL back-end, got ${selected.backend}`);
    return selected;
  },
});
