/**
 * Which consumers an event gets is fixed when it is published, by the publishing process's own
 * consumer list (its code version), not later by whichever process happens to deliver it: during a
 * rolling deploy an old instance then never skips a consumer it does not know, nor deletes an event
 * it has no subscriber for. The app registers its consumers at start (install.ts, via the
 * dispatcher); until then `publish` leaves the fan-out to a dispatcher (tools, tests' children).
 */
/** What the fan-out needs of a consumer (index.ts `Consumer` has it): its name and its events. */
type Subscriber = { name: string; events: readonly string[] };

let byEvent: ReadonlyMap<string, readonly string[]> | null = null;

/** Makes `consumers` the subscribers of every event published from now on in this process. */
export function registerSubscribers(consumers: readonly Subscriber[]): void {
  const map = new Map<string, string[]>();
  for (const c of consumers) {
    for (const name of c.events) {
      const list = map.get(name) ?? [];
      if (!list.includes(c.name)) list.push(c.name);
      map.set(name, list);
    }
  }
  byEvent = map;
}

/** The consumer names an event gets, or null while no list is registered (the dispatcher fans out). */
export function subscribersOf(eventName: string): readonly string[] | null {
  if (!byEvent) return null;
  return byEvent.get(eventName) ?? [];
}
