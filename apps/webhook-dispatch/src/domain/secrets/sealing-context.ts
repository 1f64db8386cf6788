/**
 * What each sealed value is bound to (AES-GCM associated data): the row and the column. A sealed
 * value moved into another row or column fails to open instead of being used there.
 */
export const SEALING_CONTEXT = {
  webhookSecret: (webhookId: string) => `webhooks.secret:${webhookId}`,
  slackConnectionUrl: (slackConnectionId: string) => `slack_connections.url:${slackConnectionId}`,
} as const;
