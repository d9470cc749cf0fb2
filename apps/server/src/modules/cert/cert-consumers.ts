/** Automatic issuing after the change committed: the hand-in never waits for a certificate. */
import { defineConsumer } from '../../platform/events/index.js';
import {
  issueForCourse,
  issueForExamPass,
  issueForExamPasses,
  revokeForFailedPaper,
  revokeForFailedPapers,
  revokeForVoidedPaper,
} from './cert-issue.service.js';

export const certConsumers = [
  defineConsumer({
    name: 'cert.issue-on-pass',
    events: ['exam.passed'],
    handle: async (event, db, site) => {
      await issueForExamPass(db, event.payload, site.timeZone);
    },
    handleBatch: async (events, db, site) => {
      await issueForExamPasses(
        db,
        events.map((e) => e.payload),
        site.timeZone,
      );
    },
  }),
  defineConsumer({
    name: 'cert.issue-on-course',
    events: ['course.completed'],
    handle: async (event, db, site) => {
      await issueForCourse(db, event.payload, site.timeZone);
    },
  }),
  defineConsumer({
    name: 'cert.revoke-on-void',
    events: ['paper.voided'],
    handle: async (event, db) => {
      await revokeForVoidedPaper(db, event.payload, event.createdAt);
    },
  }),
  defineConsumer({
    // A regrade that turns a pass into a fail publishes paper.marked with passed false.
    name: 'cert.revoke-on-fail',
    events: ['paper.marked'],
    handle: async (event, db) => {
      await revokeForFailedPaper(db, event.payload, event.createdAt);
    },
    handleBatch: async (events, db) => {
      await revokeForFailedPapers(
        db,
        events.map((e) => ({ p: e.payload, at: e.createdAt })),
      );
    },
  }),
];
