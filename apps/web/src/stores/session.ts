/** Sign-out (SPEC 4): clears the token, roles, cookie, local storage and all tabs. */
import { logout as logoutApi } from '../api/system';
import { useTagsViewStore } from './tags-view';
import { useUserStore } from './user';

export async function signOut(): Promise<void> {
  await logoutApi().catch(() => undefined);
  useUserStore.getState().resetToken();
  useTagsViewStore.getState().reset();
  try {
    localStorage.clear();
  } catch {
    // storage disabled
  }
}
