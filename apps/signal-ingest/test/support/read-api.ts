import { randomUUID } from 'node:crypto';
import { errorEnvelopeSchema } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { aCaller, TEST_SECRETS } from '@radar/platform/testing';

export type Query = Record<string, string | number | boolean | undefined>;

const queryString = (query: Query): string => {
  const entries = Object.entries(query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([key, value]): [string, string] => [key, String(value)]))}`;
};

/** The public read API of one workspace, called as the gateway forwards it (signed caller identity). */
export function readApi(baseUrl: string, workspaceId: string = randomUUID()) {
  const headers = signCaller(aCaller(workspaceId), TEST_SECRETS.INTERNAL_SIGNING_SECRET);
  const get = (path: string, query: Query = {}, init: RequestInit = {}) => fetch(`${baseUrl}${path}${queryString(query)}`, { ...init, headers });
  return {
    workspaceId,
    /** The signed identity headers the gateway would add. */
    headers,
    get,
    /** GET that must answer 200; the parsed JSON body. */
    async json(path: string, query: Query = {}): Promise<unknown> {
      const response = await get(path, query);
      if (response.status !== 200) throw new Error(`GET ${path}${queryString(query)} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
    /** GET that must fail; its status and error envelope. */
    async error(path: string, query: Query = {}) {
      const response = await get(path, query);
      return { status: response.status, detail: errorEnvelopeSchema.parse(await response.json()).detail };
    },
  };
}

export type ReadApi = ReturnType<typeof readApi>;
