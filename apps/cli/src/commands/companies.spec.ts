import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../cli';
import { readLookupFile } from '../public-api/lookup-file';

const TOKEN = 'rdr_unit_test_token';
const COMPANY = {
  company_id: '3f6c2a9e-8b1d-4c57-9e0a-5d2f7b8c1a40',
  name: 'Acme, Inc.',
  domain: 'acme.com',
  industry: null,
  employee_count: null,
  country: 'Germany',
  city: null,
  technologies: [],
  founded_year: null,
};

/** A stand-in gateway: answers each lookup entry with a domain as matched, the others as not found, and records every body. */
async function radarLookup(fileText: string, extra: string[] = []) {
  const directory = mkdtempSync(path.join(tmpdir(), 'radar-lookup-'));
  const file = path.join(directory, 'list.csv');
  writeFileSync(file, fileText);
  const bodies: { items: { domain?: string }[] }[] = [];
  const urls: string[] = [];
  let stdout = '';
  let stderr = '';
  const code = await runCli(['companies', 'lookup', '--file', file, ...extra], {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    env: () => ({ RADAR_TOKEN: TOKEN, RADAR_BASE_URL: 'http://gateway.test:9000' }),
    fetch: async (url, init) => {
      urls.push(url);
      const body = JSON.parse(String(init.body)) as { items: { ref?: string; domain?: string }[] };
      bodies.push(body);
      const items = body.items.map((item) =>
        item.domain
          ? { ref: item.ref ?? null, status: 'matched', reason: null, match_type: 'domain', confidence: 1, company: COMPANY, candidates: [] }
          : { ref: item.ref ?? null, status: 'not_found', reason: null, match_type: null, confidence: 0, company: null, candidates: [] },
      );
      const matched = items.filter((item) => item.status === 'matched').length;
      return Response.json({ items, matched, not_found: items.length - matched, ambiguous: 0, invalid: 0 });
    },
  });
  return { code, stdout, stderr, bodies, urls };
}

describe('radar companies lookup', () => {
  it('sends one domain per line 100 at a time to the gateway and prints CSV rows in order, progress on stderr', async () => {
    const domains = Array.from({ length: 230 }, (_, n) => `c${n}.example`);
    const run = await radarLookup(`${domains.join('\n')}\n\n`);
    expect(run.code).toBe(0);
    expect(run.urls[0]).toBe('http://gateway.test:9000/api/v1/companies/lookup');
    expect(run.bodies.map((body) => body.items.length)).toEqual([100, 100, 30]);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('ref,input_domain,input_name,status,reason,match_type,confidence,company_id,name,domain,country,candidates');
    expect(lines).toHaveLength(231);
    expect(lines[1]).toBe(`,c0.example,,matched,,domain,1,${COMPANY.company_id},"Acme, Inc.",acme.com,Germany,`);
    expect(run.stderr).toContain('looked up 230/230');
  });

  it('reads a CSV with a header and prints JSON lines with the entry as sent', async () => {
    const run = await radarLookup('Id,Company,Website\n7,"Globex, Ltd",globex.com\n8,Initech,\n', ['--format', 'jsonl']);
    expect(run.code).toBe(0);
    expect(run.bodies[0]?.items).toEqual([{ ref: '7', name: 'Globex, Ltd', domain: 'globex.com' }, { ref: '8', name: 'Initech' }]);
    const [first, second] = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({ input: { ref: '7', domain: 'globex.com' }, ref: '7', status: 'matched' });
    expect(second).toMatchObject({ input: { name: 'Initech' }, status: 'not_found' });
  });

  it('needs RADAR_TOKEN', async () => {
    let stderr = '';
    const code = await runCli(['companies', 'similar', '--company-ids', COMPANY.company_id], {
      stdout: { write: () => undefined },
      stderr: { write: (chunk: string) => (stderr += chunk) },
      env: () => ({}),
      fetch: async () => Response.json({}),
    });
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.code).toBe('CONFIG_ERROR');
  });
});

describe('readLookupFile', () => {
  it('takes a file without a domain or name header as one domain per line', () => {
    expect(readLookupFile('acme.com\r\nhttps://globex.io/x\n')).toEqual([{ domain: 'acme.com' }, { domain: 'https://globex.io/x' }]);
  });
});
