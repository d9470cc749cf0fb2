/**
 * What is switched on for learners (直播课堂, 学习助教), told with the user's info so the web shows
 * no entry that leads to "not configured". The modules that know (live: its media server settings,
 * assistant: its switch) hand their checks in through modules/index.ts; system reads neither. A
 * feature nobody answers for is off: hiding an entry is the safe side.
 */
import type { TUserInfo } from '@exam/contracts';
import type { Executor } from '../../../platform/db.js';

export type TFeatures = TUserInfo['features'];
type FeatureCheck = (db: Executor) => boolean | Promise<boolean>;

const checks = new Map<keyof TFeatures, FeatureCheck>();

export function provideFeature(name: keyof TFeatures, check: FeatureCheck): void {
  checks.set(name, check);
}

export async function learnerFeatures(db: Executor): Promise<TFeatures> {
  const on = async (name: keyof TFeatures) => Boolean(await checks.get(name)?.(db));
  const [live, assistant] = await Promise.all([on('live'), on('assistant')]);
  return { live, assistant };
}
