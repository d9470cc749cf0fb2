/** The logout confirmation of SPEC 2 (title '提示', text '确实要退出吗？'). */
import { App } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../stores/session';

export const LOGOUT_TITLE = '提示';
export const LOGOUT_TEXT = '确实要退出吗？';

/** `closeWindow`: the learner logout tries window.close() first; browsers refuse, so /login follows. */
export function useConfirmLogout(closeWindow: boolean): () => void {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return useCallback(() => {
    modal.confirm({
      title: LOGOUT_TITLE,
      content: LOGOUT_TEXT,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await signOut();
        if (closeWindow) {
          try {
            window.close();
          } catch {
            // refused: go to the login page below
          }
        }
        navigate('/login', { replace: true });
      },
    });
  }, [modal, navigate, closeWindow]);
}
