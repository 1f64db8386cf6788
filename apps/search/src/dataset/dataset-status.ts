import { datasetVersionLabel } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { datasetLoads } from '../data/dataset-load.repository';

/** True while the search database holds no company: the start script then loads the default dataset. */
export async function datasetIsEmpty(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM companies) AS empty');
  return rows[0]?.empty ?? true;
}

/** The dataset search holds, as `radar status` shows it: the last finished load; null before the first. */
export async function datasetVersion(db: Queryable): Promise<string | null> {
  const latest = await datasetLoads.latestCompleted(db);
  return latest ? datasetVersionLabel(latest.seed, latest.companies) : null;
}
