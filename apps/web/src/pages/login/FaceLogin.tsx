/** 刷脸登录 on the login page: user name, then a short camera sequence. */
import { UserOutlined } from '@ant-design/icons';
import { sysUserFaceLogin, type TLoginResult } from '@exam/contracts';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { call } from '../../api/call';
import FaceCapture from '../../components/face/FaceCapture';

export default function FaceLogin({
  open,
  defaultUserName,
  onClose,
  onSignedIn,
}: {
  open: boolean;
  defaultUserName: string;
  onClose: () => void;
  onSignedIn: (result: TLoginResult) => void;
}) {
  const [userName, setUserName] = useState(defaultUserName);
  const [error, setError] = useState<string | null>(null);

  const submit = async (frames: string[]) => {
    setError(null);
    if (!userName.trim()) {
      setError('请输入用户名');
      return;
    }
    try {
      onSignedIn(await call(sysUserFaceLogin, { userName: userName.trim(), frames }, { silent: true }));
    } catch (err) {
      setError((err as Error).message || '人脸识别未通过，请重试或使用密码登录');
    }
  };

  return (
    <Modal title="刷脸登录" open={open} onCancel={onClose} footer={null} destroyOnHidden width={400}>
      <Input
        size="large"
        prefix={<UserOutlined />}
        placeholder="用户名"
        value={userName}
        onChange={(e) => setUserName(e.target.value)}
        style={{ marginBottom: 12 }}
        aria-label="刷脸登录用户名"
      />
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="face-login-error" />
      )}
      <FaceCapture actionText="开始刷脸登录" onCaptured={submit} />
    </Modal>
  );
}
