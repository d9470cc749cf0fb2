/**
 * The teaching-assistant chat of SPEC 1 and 4: a floating button toggling the 学习助教
 * dialog, and the once-per-session invitation notice. When the config list item pathUrl points at
 * another service, that assistant is shown in a frame (the seed's way); otherwise the built-in chat
 * on the organisation's model, when an administrator has switched it on. The invitation appears only
 * when the built-in assistant is on and its model answers; a pathUrl of this very site is no service.
 */

import { CommentOutlined } from '@ant-design/icons';
import { RoleType } from '@exam/contracts';
import { App, Button, Empty, FloatButton, Modal, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchPathUrl } from '../../api/system';
import { useAssistantBus } from '../../components/assistant/bus';
import { useAssistantStatus } from '../../components/assistant/useAssistantStatus';
import { useUserStore } from '../../stores/user';

const ChatPanel = lazy(() => import('../../components/assistant/ChatPanel'));

export const INVITE_FLAG = 'assistant-invite-shown';
export const MANAGER_CHAT_FLAG = 'manager-chat-shown';
export const USER_CHAT_FLAG = 'user-chat-shown';

const flag = {
  get: (key: string) => sessionStorage.getItem(key) === '1',
  set: (key: string) => sessionStorage.setItem(key, '1'),
};

const PHONE_QUERY = '(max-width: 600px)';

/** pathUrl when it names another service (not empty, not this site itself). */
export function externalUrl(value: string | null, here = window.location.origin): string | null {
  if (!value) return null;
  try {
    return new URL(value, here).origin === here ? null : value;
  } catch {
    return null;
  }
}

export default function AssistantChat() {
  const { notification } = App.useApp();
  const roleType = useUserStore((s) => s.roleType);
  const featureOn = useUserStore((s) => s.features.assistant);
  const open = useAssistantBus((s) => s.open);
  const toggleOpen = useAssistantBus((s) => s.toggle);
  const status = useAssistantStatus();
  // On a phone a floating button covers what is under it (the 姓名 field, exam cards, 正确率):
  // there the entry is a plain button at the page foot.
  const [phone, setPhone] = useState(() => Boolean(window.matchMedia?.(PHONE_QUERY).matches));
  useEffect(() => {
    const mq = window.matchMedia?.(PHONE_QUERY);
    if (!mq) return;
    const change = () => setPhone(mq.matches);
    mq.addEventListener('change', change);
    return () => mq.removeEventListener('change', change);
  }, []);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    fetchPathUrl().then((value) => alive && setUrl(externalUrl(value)));
    return () => {
      alive = false;
    };
  }, []);

  const invite = Boolean(status.data?.invite) && !url;
  useEffect(() => {
    if (!invite || flag.get(INVITE_FLAG)) return;
    // Opened before the status came back: the learner found the assistant, no invitation needed.
    if (open) {
      flag.set(INVITE_FLAG);
      return;
    }
    // On a phone the notice covered the page's content: the 学习助教 button says enough.
    if (window.matchMedia?.(PHONE_QUERY).matches) return;
    flag.set(INVITE_FLAG);
    notification.info({
      key: INVITE_FLAG,
      title: '邀请体验',
      description: '平台已接入本地部署的大模型服务，点击右下角“学习助教”即可随时提问，欢迎体验！',
      placement: 'bottomRight',
      duration: 8,
      props: { 'data-testid': 'assistant-invite' } as Record<string, string>,
    });
  }, [invite, open, notification]);

  // Once the assistant is open the invitation has done its work; left open it covered the dialog's
  // 发送 button at 1280 px (the notice's corner overlaps the modal's footer).
  useEffect(() => {
    if (open) notification.destroy(INVITE_FLAG);
  }, [open, notification]);

  const toggle = () => {
    if (!open) flag.set(roleType === RoleType.ADMIN ? MANAGER_CHAT_FLAG : USER_CHAT_FLAG);
    toggleOpen();
  };

  const builtIn = !url && Boolean(status.data?.enabled);
  // Switched off (the user info's features, or the status asked since): no entry that opens "not enabled".
  const available = Boolean(url) || featureOn || Boolean(status.data?.enabled);
  if (!available) return null;
  return (
    <>
      {phone ? (
        <div className="assistant-foot">
          <Button icon={<CommentOutlined />} onClick={toggle} data-testid="assistant-entry">
            学习助教
          </Button>
        </div>
      ) : (
        <FloatButton
          className="assistant-fab"
          type="primary"
          icon={<CommentOutlined />}
          tooltip="学习助教"
          aria-label="学习助教"
          onClick={toggle}
          data-testid="assistant-entry"
        />
      )}
      <Modal
        title="学习助教"
        open={open}
        onCancel={toggle}
        footer={null}
        width={720}
        // The built-in chat unmounts on close, which stops (and cancels upstream) a running answer.
        destroyOnHidden={builtIn}
        styles={{ body: { padding: 0 } }}
      >
        {url ? (
          <iframe title="学习助教" src={url} style={{ width: '100%', height: 520, border: 0, display: 'block' }} />
        ) : builtIn ? (
          <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
            <ChatPanel />
          </Suspense>
        ) : (
          <Empty style={{ padding: 48 }} description="学习助教尚未启用，请联系管理员在“系统管理 › 学习助教”中配置" />
        )}
      </Modal>
    </>
  );
}
