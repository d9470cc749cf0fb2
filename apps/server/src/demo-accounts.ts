import { DEMO_ACCOUNTS } from './db/seed/index.js';
import { DEMO_LEARNER_PASSWORD, RESULT_LEARNERS } from './modules/exam/exam.demo-seed.js';

export interface DemoAccount {
  userName: string;
  password: string;
  realName: string;
}

/**
 * Every account a newcomer can sign in with, as the start-up banner prints them: the base accounts,
 * and the demo learners with finished papers unless DEMO_DATA=0 leaves them out of the seed.
 */
export function demoAccounts(env: NodeJS.ProcessEnv = process.env): DemoAccount[] {
  const base = DEMO_ACCOUNTS.map(({ userName, password, realName }) => ({ userName, password, realName }));
  if (env.DEMO_DATA === '0') return base;
  return [
    ...base,
    ...RESULT_LEARNERS.map(({ userName, realName }) => ({ userName, realName, password: DEMO_LEARNER_PASSWORD })),
  ];
}
