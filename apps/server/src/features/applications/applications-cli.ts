import { runDecisionCommandAsMain } from '../../plumbing/decision-cli.ts';
import { setDecision } from './applications-repository.ts';

/** `npm run applications -- set-status <reference_id> approved|rejected`: the bank's decision. */
export const applicationsCommand = {
  name: 'applications',
  what: 'a submitted application',
  reference: /^CW-\d{4}-[0-9A-Z]{8}$/,
  example: 'CW-2026-XXXXXXXX',
  decide: setDecision,
};

if (import.meta.url === `file://${process.argv[1]}`) runDecisionCommandAsMain(applicationsCommand);
