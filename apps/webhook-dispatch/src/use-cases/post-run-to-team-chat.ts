import { RetryLater, StopRetrying, type DeliveryContext } from '@radar/platform/rabbitmq';
import { claimRunSendAttempt, runToSend } from '../data/run-delivery.repository';
import { sealedSlackUrl } from '../data/slack-connection.repository';
import { teamChatMessage } from '../domain/messages/team-chat-message';
import { runDigest } from '../domain/messages/run-digest';
import { SEALING_CONTEXT } from '../domain/secrets/sealing-context';
import { WEBHOOK_USER_AGENT } from '../domain/signing/webhook-signature';
import { answerVerdict } from './answer-verdict';
import type { DeliveryDeps } from './delivery-deps';
import { recordRunSend } from './record-run-send';
import { endpointTarget } from './endpoint-target';

type Deps = Pick<DeliveryDeps, 'pool' | 'keyring' | 'endpointPolicy' | 'resolveHost' | 'outbound' | 'settings' | 'logger'>;

const SEND_STATUS = { delivered: 'sent', failed: 'failed', pending: 'pending' } as const;

/**
 * Posts a run's message to its team-chat connection (a `delivery.team_chat` job): Slack's
 * incoming-webhook JSON, under the same address rules, answer rules and retries as webhooks.
 */
export async function postRunToTeamChat(deps: Deps, job: { runId: string }, context: Pick<DeliveryContext, 'isLastAttempt'>): Promise<void> {
  const run = await runToSend(deps.pool, job.runId);
  if (!run) throw new StopRetrying(`no ended run ${job.runId} to post`);
  if (run.chatStatus !== 'pending' || run.slackConnectionId === null) return;
  if (!(await claimRunSendAttempt(deps.pool, job.runId, 'chat'))) return;
  const sealedUrl = await sealedSlackUrl(deps.pool, run.workspaceId, run.slackConnectionId);
  if (!sealedUrl) {
    await recordRunSend(deps, job.runId, 'chat', { status: 'failed', error: 'the team-chat connection does not exist in the workspace' });
    return;
  }
  if (run.signals.length === 0) {
    await recordRunSend(deps, job.runId, 'chat', { status: 'failed', error: 'none of the run’s signals arrived' });
    return;
  }
  const target = await endpointTarget(deps, deps.keyring.open(sealedUrl, SEALING_CONTEXT.slackConnectionUrl(run.slackConnectionId)));
  const answer = target.ok
    ? await deps.outbound.post({
        endpoint: target.endpoint,
        headers: { 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT },
        body: JSON.stringify(teamChatMessage(runDigest(run, run.signals))),
        timeoutMs: deps.settings.webhookTimeoutMs,
      })
    : { status: null, latencyMs: 0, error: target.error, retryAfterMs: undefined, bodyExcerpt: null };
  const verdict = answerVerdict(answer, context.isLastAttempt);
  const error = verdict.status === 'delivered' ? null : (answer.error ?? `team chat answered ${answer.status}: ${(answer.bodyExcerpt ?? '').slice(0, 200)}`.trim());
  await recordRunSend(deps, job.runId, 'chat', { status: SEND_STATUS[verdict.status], responseStatus: answer.status, error });
  if (verdict.status === 'failed') deps.logger.warn({ runId: job.runId, status: answer.status, error }, 'team-chat message not posted; given up');
  if (verdict.status === 'pending') throw verdict.retryAfterMs === undefined ? new Error(error ?? 'not posted') : new RetryLater(verdict.retryAfterMs, error ?? 'not posted');
}
