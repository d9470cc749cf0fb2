/**
 * Every table of the platform. A table is declared in the file named after its owner
 * (owners.ts): `<owner>.ts`, or `<owner>-<topic>.ts` where one owner has several files;
 * platform/layering.test.ts holds it so.
 */

export * from './assistant.js';
export * from './candidate.js';
export * from './cert.js';
export * from './course.js';
export * from './exam.js';
export * from './exam-arrange.js';
export * from './exam-invigilate.js';
export * from './live.js';
export * from './notice.js';
export * from './paper.js';
export * from './platform.js';
export * from './proctor.js';
export * from './repo.js';
export * from './repo-knowledge.js';
export * from './repo-stats.js';
export * from './sitting.js';
export * from './sitting-marking.js';
export * from './system.js';
export * from './system-face.js';
export * from './system-oauth.js';
export * from './train.js';
export * from './train-mastery.js';
export * from './train-stats.js';
