/** The endpoint objects, one file per domain. */

export * from './cert.js';
export * from './config.js';
export * from './course.js';
export * from './dashboard.js';
export * from './dept.js';
export * from './dict.js';
export * from './exam.js';
export * from './exam-arrange.js';
export * from './exam-report.js';
export * from './face.js';
export * from './file.js';
export * from './invigilate.js';
export * from './log.js';
export * from './marking.js';
export * from './menu.js';
export * from './msg.js';
export * from './notice.js';
export * from './oauth.js';
export * from './paper.js';
export * from './paper-paper.js';
export * from './repo.js';
export * from './role.js';
export * from './sms.js';
export * from './train.js';
export * from './train-stat.js';
export * from './user.js';
