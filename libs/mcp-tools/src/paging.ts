import type { ToolArguments } from './radar-tool';

/** How to ask for the page after a cursor-paged answer (search): the same arguments plus `cursor`. */
export function cursorPaging(tool: string, nextCursor: string | null | undefined): string {
  return nextCursor
    ? `Next page: call ${tool} again with the same arguments and "cursor": ${JSON.stringify(nextCursor)}.`
    : 'This is the last page.';
}

const wholeNumber = (value: unknown, fallback: number): number => {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : fallback;
};

/** Which items of `total` an offset-paged answer holds, and how to ask for the next page: the same arguments with `offset` moved on. */
export function offsetPaging(tool: string, noun: string, answer: { items: unknown[]; total: number; offset?: number }, args: ToolArguments): string {
  const offset = answer.offset ?? wholeNumber(args.offset, 0);
  const shown = answer.items.length;
  if (shown === 0) return `No ${noun.toLowerCase()} here (${answer.total} in all).`;
  const range = `${noun} ${offset + 1}-${offset + shown} of ${answer.total}`;
  const next = offset + shown;
  return next < answer.total
    ? `${range}. Next page: call ${tool} again with the same arguments and "offset": ${next}.`
    : `${range}. This is the last page.`;
}

/** The same for a page-numbered answer (a company's job postings): the same arguments with `page` moved on. */
export function pageNumberPaging(tool: string, noun: string, answer: { items: unknown[]; total: number; page: number; page_size: number }): string {
  const first = (answer.page - 1) * answer.page_size;
  if (answer.items.length === 0) return `No ${noun.toLowerCase()} on page ${answer.page} (${answer.total} in all).`;
  const range = `${noun} ${first + 1}-${first + answer.items.length} of ${answer.total}`;
  return first + answer.items.length < answer.total
    ? `${range}. Next page: call ${tool} again with the same arguments and "page": ${answer.page + 1}.`
    : `${range}. This is the last page.`;
}
