/** Every table of the platform; each domain adds its own file and re-exports it here. */

export * from './assistant.js';
export * from './cert.js';
export * from './course.js';
export * from './events.js';
export * from './exam.js';
export * from './exam-arrange.js';
export * from './face.js';
export * from './invigilate.js';
export * from './live.js';
export * from './marking.js';
export * from './notice.js';
export * from './oauth.js';
export * from './realtime.js';
export * from './repo.js';
export * from './security.js';
export * from './system.js';
export * from './train.js';
