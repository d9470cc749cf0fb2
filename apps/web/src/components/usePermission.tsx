/** Buttons follow the permissions list the server gives (DESIGN 4: tags like 'sys:user:save'). */
import type { PermissionTag } from '@exam/contracts';
import { useUserStore } from '../stores/user';

export const hasPermission = (permissions: string[], tag: PermissionTag | PermissionTag[]): boolean => {
  const tags = Array.isArray(tag) ? tag : [tag];
  return permissions.includes('*') || tags.some((t) => permissions.includes(t));
};

/** True when the signed-in user holds the tag (or any of the tags). */
export function usePermission(tag: PermissionTag | PermissionTag[]): boolean {
  const permissions = useUserStore((s) => s.permissions);
  return hasPermission(permissions, tag);
}

/** Renders its children only with the permission. */
export function Permission({ tag, children }: { tag: PermissionTag | PermissionTag[]; children: React.ReactNode }) {
  return usePermission(tag) ? children : null;
}
