/**
 * Component names with a fixed meaning (SPEC 2), in a file without schemas: the router reads them
 * on every first page and must not bring zod along. Exported again from menu.ts.
 */
export const LAYOUT_COMPONENT = 'Layout';
export const WEB_LAYOUT_COMPONENT = 'WebLayout';
