import type { Queryable } from '../data/database';

/** True while the search database holds no company: the start script then loads the default dataset. */
export async function datasetIsEmpty(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM companies) AS empty');
  return rows[0]?.empty ?? true;
}
