import { IDEMPOTENCY_KEY_TTL_HOURS } from '@radar/contracts';
import { deleteAnswersOlderThan } from '../data/idempotency-keys.repository';
import type { ExportDeps } from './deps';

/** Removes the Idempotency-Key answers of every workspace that are past their replay window; returns how many. */
export const pruneIdempotencyAnswers = (deps: Pick<ExportDeps, 'pool'>): Promise<number> =>
  deleteAnswersOlderThan(deps.pool, IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
