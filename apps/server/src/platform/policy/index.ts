/**
 * Record policies: one per aggregate (an exam, a course, a user...), asked by everything that acts
 * on a record for someone — endpoints, realtime topics, exports, the assistant, background jobs.
 * A permission tag (auth.ts) says who may call an endpoint at all; the policy says whether this
 * actor may do this action to these records. Each policy lives in its module
 * (`modules/<domain>/<aggregate>.policy.ts`); this file is the floor they stand on (README.md).
 *
 * A rule answers by throwing the refusal the endpoint has always answered (its error code and
 * Chinese text), so moving a rule here changes nothing a caller sees. While observed, every ask is
 * reported with its request's url (AsyncLocalStorage, opened by route.ts) to the endpoint walker
 * (policy-walk.api.test.ts): an endpoint that takes a record id and answers without asking fails it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import type { AuthUser } from '../auth.js';
import type { Executor } from '../db.js';
import { AppError } from '../errors.js';

/** Who acts: the signed-in user, or the user a job acts for (what decides scope and ownership). */
export type Actor = Pick<AuthUser, 'id' | 'dataScope' | 'deptId' | 'deptCode'>;

/** What a rule is given: the database and the actor. */
export interface PolicyContext {
  db: Executor;
  actor: Actor;
}

/**
 * The rules of an aggregate, one per action (the typed action list is their names). A rule takes
 * the record(s) it decides on (ids or loaded facts), resolves when allowed, possibly with what it
 * read (the rights a user rule checked), and throws the endpoint's refusal (an AppError) when not.
 */
export type Rules = Record<string, (ctx: PolicyContext, target: any) => unknown>;

/** An action open to every holder of the endpoint's permission tag: the tag is the whole rule. */
export const holderOfTag = (_ctx: PolicyContext, _target: unknown): void => {};

/**
 * A learner's own record (a practice session, a book entry, a message, a note): the service reads
 * it with the learner's id in its condition, so another's record is simply not found (10010003).
 */
export const ownRowsOnly = (_ctx: PolicyContext, _target: unknown): void => {};

export interface Policy<Rs extends Rules = Rules> {
  /** The aggregate's name in the log and the walker ("exam", "course", "user"...). */
  readonly aggregate: string;
  readonly rules: Rs;
  /** Rows of the aggregate the actor may see (a condition for list and export queries), when it has one. */
  readonly scope?: (actor: Actor) => SQL;
}

export type ActionOf<P extends Policy> = keyof P['rules'] & string;
type TargetOf<Rs extends Rules, K extends keyof Rs> = Parameters<Rs[K]>[1];

/** The policies by aggregate, for the walker and the README's list. */
const POLICIES = new Map<string, Policy>();

/** Declares an aggregate's policy (once per aggregate). */
export function definePolicy<Rs extends Rules>(policy: Policy<Rs>): Policy<Rs> {
  const known = POLICIES.get(policy.aggregate);
  if (known && known !== policy) throw new Error(`policy ${policy.aggregate} is declared twice`);
  POLICIES.set(policy.aggregate, policy);
  return policy;
}

export const registeredPolicies = (): ReadonlyMap<string, Policy> => POLICIES;

/** One ask, as the request's log and the observers see it. */
export interface PolicyAsk {
  aggregate: string;
  action: string;
  allowed: boolean;
}

/** The request an ask belongs to, for the observers (the endpoint walker). */
interface AskLog {
  url: string;
}

const requestLog = new AsyncLocalStorage<AskLog>();
/** What an observer sees: a request's handler entered (`ask` null), or one ask, with the request's url. */
export interface AskEvent {
  url: string | null;
  ask: PolicyAsk | null;
}

const observers = new Set<(event: AskEvent) => void>();

/**
 * Runs a request's handler (route.ts) with its url in the async context while someone observes the
 * asks. Unobserved (every request in production) it runs the handler as it is: once an
 * AsyncLocalStorage has run, Node calls a hook on every promise the process makes, and the save
 * path's CPU carried it (bench/call-cost.ts).
 */
export function withAskLog<T>(url: string, fn: () => Promise<T>): Promise<T> {
  if (observers.size === 0) return fn();
  for (const observe of observers) observe({ url, ask: null });
  return requestLog.run({ url }, fn);
}

/** Watches handlers entered and asks (the endpoint walker); answers the function that stops watching. */
export function observeAsks(fn: (event: AskEvent) => void): () => void {
  observers.add(fn);
  return () => observers.delete(fn);
}

function record(ask: PolicyAsk): void {
  if (observers.size === 0) return;
  const url = requestLog.getStore()?.url ?? null;
  for (const observe of observers) observe({ url, ask });
}

/** Asks the policy; throws its refusal (the endpoint's code and text) when the action is not allowed. */
export async function authorize<Rs extends Rules, K extends keyof Rs & string>(
  db: Executor,
  actor: Actor,
  policy: Policy<Rs>,
  action: K,
  target: TargetOf<Rs, K>,
): Promise<Awaited<ReturnType<Rs[K]>>> {
  let answer: Awaited<ReturnType<Rs[K]>>;
  try {
    answer = (await policy.rules[action]({ db, actor }, target)) as Awaited<ReturnType<Rs[K]>>;
  } catch (err) {
    record({ aggregate: policy.aggregate, action, allowed: false });
    throw err;
  }
  record({ aggregate: policy.aggregate, action, allowed: true });
  return answer;
}

/** Asks the policy and answers whether the action is allowed (a refusal is not thrown). */
export async function can<Rs extends Rules, K extends keyof Rs & string>(
  db: Executor,
  actor: Actor,
  policy: Policy<Rs>,
  action: K,
  target: TargetOf<Rs, K>,
): Promise<boolean> {
  try {
    await authorize(db, actor, policy, action, target);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/**
 * The condition of the rows the actor may `action` (lists, exports, topic fan-out): the policy's
 * scope, recorded as an ask. A record outside it is simply not found, as it always was.
 */
export function scopeOf<Rs extends Rules>(actor: Actor, policy: Policy<Rs>, action: keyof Rs & string): SQL {
  if (!policy.scope) throw new Error(`policy ${policy.aggregate} has no scope`);
  record({ aggregate: policy.aggregate, action, allowed: true });
  return policy.scope(actor);
}

/**
 * Which endpoint's record ids a policy guards: the route asks `action` with the ids the body names
 * before its handler runs. Declared in the policy file, read by route.ts at each call.
 */
export interface EndpointAsk {
  policy: Policy;
  action: string;
  /** The record(s) the body names, as the rule takes them. */
  target: (body: any) => unknown;
}

const ENDPOINT_ASKS = new Map<string, EndpointAsk>();

/** Declares the endpoints (by path) whose record ids the policy guards at the route. */
export function guardEndpoints<Rs extends Rules>(
  policy: Policy<Rs>,
  asks: Record<
    string,
    { [K in keyof Rs & string]: [action: K, target: (body: any) => TargetOf<Rs, K>] }[keyof Rs & string]
  >,
): void {
  for (const [path, [action, target]] of Object.entries(asks)) {
    if (ENDPOINT_ASKS.has(path)) throw new Error(`${path} is guarded twice`);
    ENDPOINT_ASKS.set(path, { policy, action, target });
  }
}

/** Asks the policy guarding the endpoint, when one does (route.ts, before the handler). */
export async function askForEndpoint(db: Executor, actor: Actor | null, path: string, body: unknown): Promise<void> {
  const ask = ENDPOINT_ASKS.get(path);
  if (!ask || !actor) return;
  await authorize(db, actor, ask.policy, ask.action, ask.target(body ?? {}));
}

export const guardedEndpoints = (): ReadonlyMap<string, EndpointAsk> => ENDPOINT_ASKS;

/** Ids a body names in `id`/`ids`-like fields, deduplicated (for rules over many records). */
export const idsOf = (...values: (string | string[] | null | undefined)[]): string[] => [
  ...new Set(values.flatMap((v) => (v == null ? [] : Array.isArray(v) ? v : [v])).filter((v) => v !== '')),
];
