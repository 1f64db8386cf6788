import { describeCompanyListsConformance } from '@radar/company-index/testing';
import { POSTGRES_ENGINE } from './conformance-engine';

describeCompanyListsConformance('PostgreSQL', POSTGRES_ENGINE);
