import { Writable } from 'node:stream';
import type { JobView } from '@radar/contracts';
import { BarView } from './bar-view';
import { describeProgress, formatDuration } from './describe-progress';
import { LineView } from './line-view';
import { createProgressView } from './progress-view';

const job = (done: number, overrides: Partial<JobView> = {}): JobView => ({
  id: 'search.0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09',
  service: 'search',
  kind: 'dataset.load',
  status: 'running',
  input: {},
  progress: { done, total: 100_000, unit: 'companies', phase: 'storing', rate_per_second: 1234.4, eta_seconds: 75 },
  result: null,
  error: null,
  started_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  finished_at: null,
  ...overrides,
});

/** A terminal as cli-progress drives it: what was written, escape sequences and all. */
function fakeTerminal() {
  let written = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString('utf8');
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY: true, columns: 200, cursorTo: () => true, clearLine: () => true, moveCursor: () => true, clearScreenDown: () => true });
  return { stream, written: () => written };
}

describe('progress', () => {
  it('describes a job in one line: phase, amount, share, rate and time left', () => {
    expect(describeProgress(job(35_000))).toBe('search.0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09 dataset.load: storing 35,000/100,000 companies (35%), 1,234 companies/s, about 1 min 15 s left');
    expect(formatDuration(3_725)).toBe('1 h 2 min');
    expect(formatDuration(9)).toBe('9 s');
  });

  it('writes a line at once, then at most one per interval unless the phase or status changes, and the last state at the end', () => {
    let written = '';
    let now = 0;
    const view = new LineView({ write: (chunk: string) => (written += chunk) }, 5_000, () => now);
    view.update(job(0));
    now = 1_000;
    view.update(job(10_000));
    now = 2_000;
    view.update(job(20_000, { progress: { ...job(0).progress, done: 20_000, phase: 'indexing' } }));
    now = 3_000;
    view.update(job(30_000, { progress: { ...job(0).progress, done: 30_000, phase: 'indexing' } }));
    view.stop();
    expect(written.split('\n').filter(Boolean).map((line) => /: (\w+) ([\d,]+)\//.exec(line)?.slice(1, 3).join(' '))).toEqual([
      'storing 0',
      'indexing 20,000',
      'indexing 30,000',
    ]);
  });

  it('draws a bar on a terminal, after one line naming the job', () => {
    const terminal = fakeTerminal();
    const view = createProgressView(terminal.stream, { jsonOnly: false, env: {} });
    expect(view).toBeInstanceOf(BarView);
    view.update(job(0));
    view.update(job(50_000));
    view.stop();
    expect(terminal.written()).toContain('radar: following job search.0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09 on search (Ctrl-C stops following, not the job)\n');
    expect(terminal.written()).toMatch(/dataset\.load storing \[#{12}-{12}\] 50% 50000\/100000 companies 1,234 companies\/s, about 1 min 15 s left/);
  });

  it('writes lines when stderr is not a terminal, and nothing with --json', () => {
    expect(createProgressView({ write: () => true }, { jsonOnly: false, env: {} })).toBeInstanceOf(LineView);
    const silent = createProgressView(fakeTerminal().stream, { jsonOnly: true, env: {} });
    expect(silent).not.toBeInstanceOf(BarView);
    expect(silent).not.toBeInstanceOf(LineView);
  });
});
