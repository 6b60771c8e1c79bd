import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../shared/errors.js';
import { rootFields } from './access-gate.js';
import { spendOnMutationFields } from './admission.js';

/**
 * Every mutation field is a write, so each spends budget, however many one request carries
 * (aliases and fragments included): a request's first field is paid by the request itself, each
 * further one spends one more request of the same budget, and through a publishable key each
 * spends one of its client address's public bookings per hour (a lead form: one of its public leads). Past either the operation is
 * refused with an HTTP 429 and `Retry-After` before any field runs. (REST routes run one field.)
 */
export const useMutationBudget = (): Plugin => ({
  async onExecute({ args, setResultAndStopExecution }) {
    const operation = getOperationAST(args.document, args.operationName);
    if (operation?.operation !== 'mutation') return;
    const names = rootFields(args, operation.selectionSet).map((field) => field.name.value).filter((name) => !name.startsWith('__'));
    const fields = names.length;
    const refused = await spendOnMutationFields(args.contextValue as object, names);
    if (!refused) return;
    const { limit, resetSeconds } = refused.verdict;
    const wait = String(resetSeconds);
    const messages = {
      'public bookings': `One address may make at most ${limit} bookings per hour through this key; retry in ${wait} s`,
      'public leads': `One address may send at most ${limit} leads per hour through this key's lead form; retry in ${wait} s`,
      requests: `Rate limit of ${limit} requests exceeded: this operation has ${fields} mutation fields, and each spends one request; retry in ${wait} s`,
    };
    const message = messages[refused.budget];
    setResultAndStopExecution({
      data: null,
      errors: [new AppError('TOO_MANY_REQUESTS', message, undefined, { http: { status: 429, headers: { 'Retry-After': wait } } })],
    });
  },
});
