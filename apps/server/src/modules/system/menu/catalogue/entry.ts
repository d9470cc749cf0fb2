/** One catalogue entry: a menu or a permission tag. Below catalogue.ts and its per-domain parts. */
import type { MenuType, PermissionTag } from '@exam/contracts';

export interface CatalogueEntry {
  /** Stable key, never reused. */
  key: string;
  parentKey: string | null;
  type: (typeof MenuType)[keyof typeof MenuType];
  title: string;
  path?: string;
  /** Route name; defaults to the key. */
  name?: string;
  /** 'Layout', 'WebLayout' or a view name that the web resolves to a lazily loaded page. */
  component?: string;
  redirect?: string;
  icon?: string;
  /** Permission tag of a function entry (type 2), e.g. 'sys:user:save'. */
  permission?: PermissionTag;
  sort: number;
  hidden?: boolean;
  alwaysShow?: boolean;
  noCache?: boolean;
  affix?: boolean;
  activeMenu?: string;
  /**
   * When the entry is added to an existing site, the roles holding this permission get it too
   * (besides the administrator): a new function of a screen they already use is theirs at once.
   */
  grantWith?: PermissionTag;
}
