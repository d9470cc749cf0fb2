export * from './kinds/multiple.js';
export * from './kinds/ordering.js';
export * from './kinds/settings.js';
export * from './qu.js';
export * from './repo.js';
export * from './rich-text.js';
