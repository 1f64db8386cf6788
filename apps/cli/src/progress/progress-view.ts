import type { JobView } from '@radar/contracts';
import type { OutputStream } from '../output';
import { BarView } from './bar-view';
import { LineView } from './line-view';

/** Shows a followed job's progress on stderr while radar waits for it. */
export interface ProgressView {
  update(job: JobView): void;
  /** Stops drawing (the job ended, or radar stops following it). */
  stop(): void;
}

const silent: ProgressView = { update: () => undefined, stop: () => undefined };

/** How often a line is written when stderr is not a terminal (a log, a pipe, CI). */
const DEFAULT_LINE_INTERVAL_MS = 5_000;

/** A terminal that can redraw a line in place (a real TTY, not a stream that only says it is one). */
const isRedrawable = (stream: OutputStream): stream is OutputStream & NodeJS.WriteStream =>
  stream.isTTY === true && typeof (stream as Partial<NodeJS.WriteStream>).cursorTo === 'function';

/**
 * A progress bar on a terminal, plain periodic lines otherwise (RADAR_PROGRESS_INTERVAL_MS
 * apart), nothing with `--json`.
 */
export function createProgressView(stderr: OutputStream, options: { jsonOnly: boolean; env: NodeJS.ProcessEnv }): ProgressView {
  if (options.jsonOnly) return silent;
  if (isRedrawable(stderr)) return new BarView(stderr);
  const configured = Number(options.env.RADAR_PROGRESS_INTERVAL_MS);
  return new LineView(stderr, Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_LINE_INTERVAL_MS);
}
