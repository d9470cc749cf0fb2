/** Test helper: delivers every pending domain event now, so a test can assert consumers' effects. */
import type { TestApp } from './test-app.js';

export async function drainEvents(testApp: Pick<TestApp, 'app'>): Promise<number> {
  return testApp.app.events.drain();
}
