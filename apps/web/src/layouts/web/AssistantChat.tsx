/**
 * The teaching-assistant chat of SPEC 1 and 4: a floating button toggling a dialog with the
 * assistant (config list item pathUrl) in an iframe, and the once-per-session invitation notice.
 */

import { CommentOutlined } from '@ant-design/icons';
import { RoleType } from '@exam/contracts';
import { App, Button, Empty, FloatButton, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { fetchPathUrl } from '../../api/system';
import { useUserStore } from '../../stores/user';

export const INVITE_FLAG = 'assistant-invite-shown';
export const MANAGER_CHAT_FLAG = 'manager-chat-shown';
export const USER_CHAT_FLAG = 'user-chat-shown';

const flag = {
  get: (key: string) => sessionStorage.getItem(key) === '1',
  set: (key: string) => sessionStorage.setItem(key, '1'),
};

const PHONE_QUERY = '(max-width: 600px)';

export default function AssistantChat() {
  const { notification } = App.useApp();
  const roleType = useUserStore((s) => s.roleType);
  const [open, setOpen] = useState(false);
  // On a phone a floating button covers what is under it (the 姓名 field, exam cards, 正确率):
  // there the entry is a plain button at the page foot (issue 23).
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
    fetchPathUrl().then((value) => alive && setUrl(value));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (flag.get(INVITE_FLAG)) return;
    // On a phone the notice covered the page's content (issue 12 §3): the 学习助教 button says enough.
    if (window.matchMedia?.('(max-width: 600px)').matches) return;
    flag.set(INVITE_FLAG);
    notification.info({
      title: '邀请体验',
      description: '平台已接入本地部署的大模型服务，点击右下角“学习助教”即可随时提问，欢迎体验！',
      placement: 'bottomRight',
      duration: 8,
    });
  }, [notification]);

  const toggle = () => {
    setOpen((was) => {
      if (!was) flag.set(roleType === RoleType.ADMIN ? MANAGER_CHAT_FLAG : USER_CHAT_FLAG);
      return !was;
    });
  };

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
        destroyOnHidden={false}
        styles={{ body: { padding: 0 } }}
      >
        {url ? (
          <iframe title="学习助教" src={url} style={{ width: '100%', height: 520, border: 0, display: 'block' }} />
        ) : (
          <Empty style={{ padding: 48 }} description="助教服务尚未配置，请联系管理员在系统配置中设置 pathUrl" />
        )}
      </Modal>
    </>
  );
}
