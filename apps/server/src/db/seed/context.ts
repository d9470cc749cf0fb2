/** What a module's demo-data seeder gets and is: below the base seed (index.ts) and the seeders. */
import type { Tx } from '../../platform/db.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';

/** The ids of the base data by code. */
export interface SeedContext {
  deptIds: Map<string, string>;
  roleIds: Map<string, string>;
  /** Demo user ids by user name. */
  userIds: Map<string, string>;
  now: Date;
  /** Where demo files are kept (the storage port; the local folder of DATA_DIR). */
  blobs: BlobStore;
}

/**
 * Demo data of one domain (question banks, papers, exams...), run inside the first-start
 * transaction after the base data. Modules offer theirs through `startupHooks` (modules/index.ts).
 */
export type Seeder = (tx: Tx, ctx: SeedContext) => Promise<void>;
