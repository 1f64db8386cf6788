import type { components } from './generated/radar-api';

/** The API's records, by the names the reference uses. */
type Schemas = components['schemas'];

export type CompanySummary = Schemas['CompanySummary'];
export type Company = Schemas['Company'];
export type CompanyFilters = Schemas['CompanyFilters'];
export type JobPosting = Schemas['JobPosting'];
export type CompanyLookupItem = Schemas['CompanyLookupItem'];
export type CompanyLookupResult = Schemas['CompanyLookupResult'];
export type CompanyLookupResponse = Schemas['CompanyLookupResponse'];
export type SimilarCompaniesResponse = Schemas['SimilarCompaniesResponse'];
export type SimilarCompany = Schemas['SimilarCompany'];
export type Credits = Schemas['Credits'];
export type CreditTransaction = Schemas['CreditTransaction'];
export type ExportJob = Schemas['ExportJob'];
export type ExportPreview = Schemas['ExportPreview'];
export type CreatedExport = Schemas['CreatedExport'];
export type ExportDownload = Schemas['ExportDownload'];
export type Monitor = Schemas['Monitor'];
export type MonitorRun = Schemas['MonitorRun'];
export type MonitorRunDetail = Schemas['MonitorRunDetail'];
export type MonitorRunCheck = Schemas['MonitorRunCheck'];
export type Signal = Schemas['Signal'];
export type SignalsSummary = Schemas['SignalsSummary'];
export type Lead = Schemas['Lead'];
export type LeadsSummary = Schemas['LeadsSummary'];
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryDetail = Schemas['WebhookDeliveryDetail'];
export type WebhookDeliveryAttempt = Schemas['WebhookDeliveryAttempt'];
