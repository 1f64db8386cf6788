import type { SlackConnectionRepository } from '../data/slack-connection.repository';
import type { WebhookRepository } from '../data/webhook.repository';
import type { EndpointPolicy } from '../endpoints/endpoint-policy';
import type { HostResolver } from '../endpoints/host-resolver';
import type { SecretKeyring } from '../secrets/secret-keyring';

export interface RegistryDeps {
  webhooks: WebhookRepository;
  slackConnections: SlackConnectionRepository;
  keyring: SecretKeyring;
  endpointPolicy: EndpointPolicy;
  resolveHost: HostResolver;
}
