/** Shared building blocks for the screens of the platform. */

export { default as DateTimeLines } from './DateTimeLines';
export { default as LoadFailed, errorText } from './LoadFailed';
export { default as PageContainer, TableActions } from './PageContainer';
export { default as PageMissing } from './PageMissing';
export { paperOutcomeColumns } from './paper-columns';
export { default as UnderConstruction } from './UnderConstruction';
export { hasPermission, Permission, usePermission } from './usePermission';
export { type PageRequest, type ServerTable, useServerTable } from './useServerTable';
