import type { Middleware } from '@radar/client';
import type { RecordedAnswer } from './response-validator';

/** Keeps every answer a typed client receives, to check them all against the document afterwards. */
export class AnswerRecorder {
  readonly answers: RecordedAnswer[] = [];

  readonly middleware: Middleware = {
    onResponse: async ({ request, response, schemaPath }) => {
      this.answers.push({ method: request.method, schemaPath, status: response.status, headers: response.headers, text: await response.clone().text() });
    },
  };

  /** `METHOD /path/{template} status` of every answer, for coverage. */
  seen(): Set<string> {
    return new Set(this.answers.map((answer) => `${answer.method} ${answer.schemaPath} ${answer.status}`));
  }
}
