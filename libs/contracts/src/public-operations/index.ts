import { COMPANIES_OPERATIONS } from './companies-operations';
import { COMPANY_LISTS_OPERATIONS } from './company-lists-operations';
import { CREDITS_OPERATIONS } from './credits-operations';
import { EXPORTS_OPERATIONS } from './exports-operations';
import { MONITORS_OPERATIONS } from './monitors-operations';
import type { PublicOperation } from './operation';
import { REFERENCE_OPERATIONS } from './reference-operations';
import { SIGNALS_OPERATIONS } from './signals-operations';
import { WEBHOOKS_OPERATIONS } from './webhooks-operations';

export { API_TAGS, type ApiExample, type ApiTag, type OperationRequest, type OperationSuccess, type PublicOperation } from './operation';
export {
  companyPathSchema,
  exportPathSchema,
  monitorDomainPathSchema,
  monitorPathSchema,
  monitorRunPathSchema,
  webhookDeliveryPathSchema,
  webhookPathSchema,
} from './path-parameters';
export { API_REFERENCE_PAGE_PATH, OPENAPI_DOCUMENT_PATH } from './reference-operations';

/**
 * Every operation of the public interface, in the reference's order. The OpenAPI document is
 * generated from this list; each entry must be served by a route of PUBLIC_ROUTES (checked by
 * the document's tests), so an endpoint added to the gateway without its descriptor fails them.
 */
export const PUBLIC_OPERATIONS: PublicOperation[] = [
  ...COMPANIES_OPERATIONS,
  ...COMPANY_LISTS_OPERATIONS,
  ...CREDITS_OPERATIONS,
  ...EXPORTS_OPERATIONS,
  ...MONITORS_OPERATIONS,
  ...SIGNALS_OPERATIONS,
  ...WEBHOOKS_OPERATIONS,
  ...REFERENCE_OPERATIONS,
];
