import { silentLogger } from '@radar/platform/testing';
import { createCompanyIndex } from '../../src/company-index/create-company-index';
import { describeCompanyListsConformance } from './company-lists.conformance';

describeCompanyListsConformance('PostgreSQL', {
  companyIndex: (pool) => createCompanyIndex({ pool, logger: silentLogger() }),
});
