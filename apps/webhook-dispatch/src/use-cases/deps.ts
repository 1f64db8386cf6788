import type { SlackConnectionRepository } from '../data/slack-connection.repository';
import type { WebhookRepository } from '../data/webhook.repository';
import type { EndpointPolicy } from '../domain/endpoints/endpoint-policy';
import type { HostResolver } from '../domain/endpoints/endpoint-policy';
import type { SecretKeyring } from '../domain/secrets/secret-keyring';

export interface RegistryDeps {
  webhooks: WebhookRepository;
  slackConnections: SlackConnectionRepository;
  keyring: SecretKeyring;
  endpointPolicy: EndpointPolicy;
  resolveHost: HostResolver;
}
