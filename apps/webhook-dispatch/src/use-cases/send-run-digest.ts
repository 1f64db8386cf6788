import { StopRetrying, type DeliveryContext } from '@radar/platform/rabbitmq';
import { claimRunSendAttempt, runToSend } from '../data/run-delivery.repository';
import { digestMessageId, digestRecipient } from '../domain/messages/digest-recipient';
import { MailRejected } from '../clients/digest-mailer';
import { digestEmail } from '../domain/messages/digest-email';
import { runDigest } from '../domain/messages/run-digest';
import type { DeliveryDeps } from './delivery-deps';
import { recordRunSend } from './record-run-send';

type Deps = Pick<DeliveryDeps, 'pool' | 'mailer' | 'settings' | 'logger'>;

/**
 * Sends a run's email digest (a `delivery.email_digest` job) to the workspace owner: one email,
 * plain text and HTML, the run's signals grouped by company. Retried on the schedule while the
 * SMTP server fails for now; a 5xx refusal or the last attempt ends it as failed.
 */
export async function sendRunDigest(deps: Deps, job: { runId: string }, context: Pick<DeliveryContext, 'isLastAttempt'>): Promise<void> {
  const run = await runToSend(deps.pool, job.runId);
  if (!run) throw new StopRetrying(`no ended run ${job.runId} to send a digest for`);
  if (run.emailStatus !== 'pending' || !(await claimRunSendAttempt(deps.pool, job.runId, 'email'))) return;
  if (run.signals.length === 0) {
    await recordRunSend(deps, job.runId, 'email', { status: 'failed', error: 'none of the run’s signals arrived' });
    return;
  }
  const domain = deps.settings.digestRecipientDomain;
  const email = digestEmail(runDigest(run, run.signals));
  try {
    await deps.mailer.send({ to: digestRecipient(run.workspaceId, domain), messageId: digestMessageId(run.runId, domain), ...email });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof MailRejected || context.isLastAttempt;
    await recordRunSend(deps, job.runId, 'email', { status: final ? 'failed' : 'pending', error: message });
    if (!final) throw error;
    deps.logger.warn({ runId: job.runId, err: error }, 'email digest not sent; given up');
    return;
  }
  await recordRunSend(deps, job.runId, 'email', { status: 'sent', error: null });
}
