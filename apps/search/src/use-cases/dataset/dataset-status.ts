import { datasetVersionLabel } from '@radar/contracts';
import { storedCompanyCount } from '../../data/companies.repository';
import { latestCompletedDatasetLoad } from '../../data/dataset-load.repository';
import type { SearchDeps } from '../deps';

/** GET /operator/v1/dataset: how many companies the store holds; `empty` tells the start script to load the default dataset. */
export async function datasetStatus(deps: Pick<SearchDeps, 'pool'>): Promise<{ empty: boolean; companies: number }> {
  const companies = await storedCompanyCount(deps.pool);
  return { empty: companies === 0, companies };
}

/** The dataset search holds, as `radar status` shows it: the last finished load; null before the first. */
export async function datasetVersion(deps: Pick<SearchDeps, 'pool'>): Promise<string | null> {
  const latest = await latestCompletedDatasetLoad(deps.pool);
  return latest ? datasetVersionLabel(latest.seed, latest.companies) : null;
}
