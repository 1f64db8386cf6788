import { describeCompanyIndexConformance } from '@radar/company-index/testing';
import { POSTGRES_ENGINE } from './conformance-engine';

describeCompanyIndexConformance('PostgreSQL full-text search', POSTGRES_ENGINE);
