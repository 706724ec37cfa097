/**
 * Keeps the component tests' fake server honest: every fake answer must be one the real server could
 * send. Success answers are parsed with the endpoint's answer schema from src/shared/contract.ts (and the
 * request body that earned them with its input schema); failures with `errorResponseSchema`, and their
 * messages must be the server's own words from src/shared. A broken rule fails the test (see setup.ts).
 */
import { z } from 'zod';
import { errorResponseSchema } from '../../shared/api.js';
import { cardMessages } from '../../shared/card.js';
import { companyMessages } from '../../shared/companies-copy.js';
import { findEndpoint } from '../../shared/contract.js';
import { checkoutMessages, errorMessages, messages, refundMessages, returnMessages } from '../../shared/messages.js';
import { fieldMessages } from '../../shared/schemas.js';
import { priceListMessages } from '../../shared/price-lists-copy.js';

export type FakeAnswer = { status: number; body?: unknown };

type MessageFunction = (...args: never[]) => string;

// What the server words: its error messages, the original storefront's validation messages
// (docs/legacy-contract.md#validation-messages), Stripe's card wording, the field messages of the input schemas, the refunds' and the returns' (issue 61), the trade accounts' (issue 63). (The browser's own toasts and notices are not server answers.)
const SERVER_WORDS = { priceListMessages, errorMessages, validation: messages.validation, cardMessages, fieldMessages, checkoutMessages, refundMessages, returnMessages, companyMessages };

const fixedMessages = new Set<string>();
const messageFunctions = new Set<MessageFunction>();
(function collect(value: unknown) {
  if (typeof value === 'string') fixedMessages.add(value);
  else if (typeof value === 'function') messageFunctions.add(value as MessageFunction);
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach(collect);
})(SERVER_WORDS);

/** Messages built by `serverMessage` in this test file: the server builds them the same way. */
const builtMessages = new Set<string>();

/**
 * A message the server builds from parameters, built by the very same function:
 * `serverMessage(messages.validation.quantityTooHigh, 15)`. Only src/shared's message functions are accepted.
 */
export function serverMessage<A extends unknown[]>(build: (...args: A) => string, ...args: A): string {
  if (!messageFunctions.has(build as unknown as MessageFunction)) {
    throw new Error('serverMessage: not one of the message functions the server words its answers with (src/shared)');
  }
  const text = build(...args);
  builtMessages.add(text);
  return text;
}

/** The server's error answer: `{ error: { code, message, fields? } }` with that status. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string>): FakeAnswer {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

const isServerWording = (text: string) => fixedMessages.has(text) || builtMessages.has(text);

function schemaProblem(schema: z.ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : z.prettifyError(parsed.error);
}

/** Why the real server could not have answered `answer` to this call; null when it could have. */
export function contractProblem(method: string, url: string, requestBody: unknown, answer: FakeAnswer | undefined): string | null {
  const endpoint = findEndpoint(method, url);
  const call = `${method} ${url}`;
  if (!endpoint) return `${call}: no such endpoint in src/shared/contract.ts`;
  if (!answer) return `${call}: the test's fake server gave no answer`;

  const failure = endpoint.failures?.[answer.status];
  if (failure) {
    const problem = schemaProblem(failure, answer.body);
    return problem ? `${call}: a ${answer.status} answer that is not its report:\n${problem}` : null;
  }
  if (answer.status >= 400) {
    // A gateway in front of the shop may answer 5xx with a page of its own instead of JSON.
    if (answer.body === undefined && answer.status >= 500) return null;
    const problem = schemaProblem(errorResponseSchema, answer.body);
    if (problem) return `${call}: a ${answer.status} answer that is not the error shape:\n${problem}`;
    const { message, fields = {} } = errorResponseSchema.parse(answer.body).error;
    const unworded = [message, ...Object.values(fields)].filter((text) => !isServerWording(text));
    if (unworded.length > 0) {
      return (
        `${call}: the server never words an answer ${unworded.map((text) => JSON.stringify(text)).join(', ')} ` +
        '(use a message from src/shared, or serverMessage(fn, …args) for a parameterised one)'
      );
    }
    return null;
  }

  if (answer.status !== endpoint.status) return `${call}: a success answers ${endpoint.status}, not ${answer.status}`;
  if (endpoint.body) {
    const problem = schemaProblem(endpoint.body, requestBody);
    if (problem) return `${call}: the server would refuse this request body, not answer ${answer.status}:\n${problem}`;
  }
  if (endpoint.answer === null) {
    return answer.body === undefined ? null : `${call}: a ${endpoint.status} answer has no body`;
  }
  const problem = schemaProblem(endpoint.answer, answer.body);
  return problem ? `${call}: the answer does not match ${endpoint.path}'s answer schema:\n${problem}` : null;
}

const violations: string[] = [];

/** Records a broken rule, for setup.ts to fail the test with (fetch errors alone may be swallowed by the app). */
export function reportViolation(problem: string): void {
  violations.push(problem);
}

/** The rules broken since the last call, cleared. */
export function takeViolations(): string[] {
  return violations.splice(0);
}
