import { z } from 'zod';
import { pathId } from '../path-fields';
import { textField } from '../request-fields';

/**
 * Path parameters of the public operations, parsed by the services with `parsePath`: an id that
 * names nothing in the workspace (not a UUID included) is 404; NUL in a domain is 422 naming it.
 */

const EXAMPLE_COMPANY_ID = '3f6c2a9e-8b1d-4c57-9e0a-5d2f7b8c1a40';

export const companyPathSchema = z.object({
  company_id: pathId('company').meta({
    description: 'The company\'s stable id (a UUID, from a search result). A domain or any other string is 404.',
    example: EXAMPLE_COMPANY_ID,
  }),
});

export const exportPathSchema = z.object({
  export_id: pathId('export').meta({ description: 'The export job\'s id (a UUID).', example: '0b7e4f1c-2d3a-4e5f-8a9b-6c7d8e9f0a1b' }),
});

const monitorId = pathId('monitor').meta({ description: 'The monitor\'s id (a UUID).', example: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' });

export const monitorPathSchema = z.object({ monitor_id: monitorId });

export const monitorDomainPathSchema = z.object({
  monitor_id: monitorId,
  domain: textField().meta({
    description: 'A domain the monitor watches, normalised as on add (`WWW.Example.com` removes `example.com`).',
    example: 'example.com',
  }),
});

export const monitorRunPathSchema = z.object({
  monitor_id: monitorId,
  run_id: pathId('run').meta({ description: 'The run\'s id (a UUID).', example: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' }),
});

const webhookId = pathId('webhook').meta({ description: 'The webhook\'s id (a UUID, from GET /webhooks).', example: '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f' });

export const webhookPathSchema = z.object({ webhook_id: webhookId });

export const webhookDeliveryPathSchema = z.object({
  webhook_id: webhookId,
  delivery_id: pathId('delivery').meta({
    description: 'The delivery\'s id: the `webhook_delivery_id` of its signal and the `webhook-id` header of every attempt.',
    example: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
  }),
});
