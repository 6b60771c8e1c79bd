import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../shared/errors.js';
import { rootFields } from './access-gate.js';
import { spendOnMutationFields } from './admission.js';

/**
 * Every mutation field is a write, so each spends budget, however many one request carries
 * (aliases and fragments included): a request's first field is paid by the request itself, each
 * further one spends one more request of the same budget, and through a publishable key each
 * spends one of its client address's public bookings per hour. Past either the operation is
 * refused with an HTTP 429 and `Retry-After` before any field runs. (REST routes run one field.)
 */
export const useMutationBudget = (): Plugin => ({
  async onExecute({ args, setResultAndStopExecution }) {
    const operation = getOperationAST(args.document, args.operationName);
    if (operation?.operation !== 'mutation') return;
    const fields = rootFields(args, operation.selectionSet).filter((field) => !field.name.value.startsWith('__')).length;
    const refused = await spendOnMutationFields(args.contextValue as object, fields);
    if (!refused) return;
    const { limit, resetSeconds } = refused.verdict;
    const wait = String(resetSeconds);
    const message =
      refused.budget === 'public bookings'
        ? `One address may make at most ${limit} bookings per hour through this key; retry in ${wait} s`
        : `Rate limit of ${limit} requests exceeded: this operation has ${fields} mutation fields, and each spends one request; retry in ${wait} s`;
    setResultAndStopExecution({
      data: null,
      errors: [new AppError('TOO_MANY_REQUESTS', message, undefined, { http: { status: 429, headers: { 'Retry-After': wait } } })],
    });
  },
});
