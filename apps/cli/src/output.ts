import type { CliError } from './cli-error';

export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** One JSON document per line for scripts; indented when a person is reading a terminal. */
export function formatJson(value: unknown, stream: Pick<OutputStream, 'isTTY'>): string {
  return `${JSON.stringify(value, null, stream.isTTY ? 2 : undefined)}\n`;
}

export interface ErrorDocument {
  error: { code: string; message: string };
}

export const errorDocument = (failure: CliError): ErrorDocument => ({ error: { code: failure.code, message: failure.message } });

export function writeResult(stream: OutputStream, result: unknown): void {
  stream.write(formatJson(result, stream));
}

export function writeError(stream: OutputStream, failure: CliError): void {
  stream.write(formatJson(errorDocument(failure), stream));
}
