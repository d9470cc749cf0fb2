/**
 * Whether the configured endpoint answers (for the invitation): GET {baseUrl}/models
 * within 3 s, remembered for a minute per address so that page loads do not knock on it each time.
 * Sends nothing about anyone.
 */
import type { AssistantSettings } from './assistant-config.js';

const TTL_MS = 60_000;
const seen = new Map<string, { up: boolean; at: number }>();

export async function reachable(s: AssistantSettings, now = Date.now()): Promise<boolean> {
  const key = `${s.baseUrl}|${s.apiKey}`;
  const hit = seen.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.up;
  let up = false;
  try {
    const res = await fetch(`${s.baseUrl.replace(/\/+$/, '')}/models`, {
      headers: s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {},
      signal: AbortSignal.timeout(3000),
    });
    up = res.ok;
    await res.body?.cancel();
  } catch {
    up = false;
  }
  seen.set(key, { up, at: now });
  return up;
}

/** Forgets what was seen (after a settings change, and in tests). */
export const forgetReachable = (): void => seen.clear();
