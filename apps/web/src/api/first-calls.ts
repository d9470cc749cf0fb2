/**
 * The first screen's calls, started by index.html before the scripts arrive.
 *
 * On Fast 3G each request waits 562 ms and the scripts of the first paint take about 2.5 s; the
 * route guard then asked for user info, then the menus, and the home for its exam list: three round
 * trips one after the other once the scripts had run. index.html now starts these calls itself
 * while the scripts load (`firstCallsScript`, inlined by build/first-load.ts), and the client takes
 * each answer once (`takeFirstCall`) when the app makes the same call with the same token and body.
 *
 * Nothing about the answers changes: they go through the client's one `settle` (SPEC 8), in the
 * order the app asks for them, so a refused token still ends the session once, by the guard's
 * first call; an answer nobody asks for (another route, a changed filter) is simply dropped.
 * No answer (network) means no early answer: the client makes the call itself.
 */

/** A call a first screen makes: its path and its JSON body, exactly as the page sends it. */
export interface FirstCall {
  path: string;
  body: unknown;
}

/** The calls of the route guard (every signed-in load), then those of the route the address names. */
export const GUARD_CALLS: FirstCall[] = [
  { path: '/api/sys/user/info', body: {} },
  { path: '/api/sys/menu/routes', body: {} },
];

/** By pathname (regular expression); the first match wins. Bodies must equal the page's first query. */
export const ROUTE_CALLS: { match: string; calls: FirstCall[] }[] = [
  {
    match: '^/(web/index)?/?$',
    // pages/web/index/index.tsx: the exam list's first page, no filter
    calls: [{ path: '/api/exam/exam/online-paging', body: { current: 1, size: 12, params: {} } }],
  },
];

/** An early answer: status, content type and text, or null when the call got no answer. */
export interface EarlyAnswer {
  status: number;
  contentType: string;
  text: string;
}

interface Started {
  token: string;
  body: string;
  answer: Promise<EarlyAnswer | null>;
}

/** Where index.html's script leaves the calls it started. */
export const FIRST_CALLS_GLOBAL = '__examFirstCalls';

/** An early answer older than this is not used (a page left open in the background). */
export const FIRST_CALL_MAX_AGE_MS = 60_000;

/**
 * The inline script for index.html: with the token cookie set, it POSTs the guard's calls and the
 * route's, as the client would (same headers, same JSON), and keeps the answers by path.
 */
export function firstCallsScript(cookieName: string): string {
  const table = JSON.stringify({
    guard: GUARD_CALLS.map((c) => [c.path, JSON.stringify(c.body)]),
    routes: ROUTE_CALLS.map((r) => [r.match, r.calls.map((c) => [c.path, JSON.stringify(c.body)])]),
  });
  return `(function(t,k,g){var m=document.cookie.match(new RegExp('(?:^|;\\\\s*)'+k+'=([^;]*)'));if(!m||!window.fetch)return;var tok=decodeURIComponent(m[1]),p=location.pathname,calls=t.guard.slice(),o=window[g]={at:Date.now(),calls:{}};for(var i=0;i<t.routes.length;i++){if(new RegExp(t.routes[i][0]).test(p)){calls=calls.concat(t.routes[i][1]);break}}calls.forEach(function(c){o.calls[c[0]]={token:tok,body:c[1],answer:fetch(c[0],{method:'POST',headers:{'Content-Type':'application/json;charset=utf-8',token:tok},body:c[1]}).then(function(r){return r.text().then(function(x){return{status:r.status,contentType:r.headers.get('content-type')||'',text:x}})}).catch(function(){return null})}})})(${table},${JSON.stringify(cookieName)},${JSON.stringify(FIRST_CALLS_GLOBAL)})`;
}

interface FirstCallsState {
  at: number;
  calls: Record<string, Started | undefined>;
}

/**
 * The early answer of this call, once: only for the same path, token and body, and while fresh.
 * Every other call (and this one a second time) goes to the network.
 */
export function takeFirstCall(
  path: string,
  body: string,
  token: string | undefined,
  now = Date.now(),
): Promise<EarlyAnswer | null> | null {
  const state = (globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL] as FirstCallsState | undefined;
  const started = state?.calls[path];
  // Another call to the same path (the home's today panel asks the exam list with other filters)
  // leaves the early answer for the call it was made for.
  if (!state || !started || !token || started.token !== token || started.body !== body) return null;
  state.calls[path] = undefined;
  return now - state.at > FIRST_CALL_MAX_AGE_MS ? null : started.answer;
}
