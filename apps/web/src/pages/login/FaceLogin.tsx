/** 刷脸登录 on the login page: user name, then the server's liveness challenge; the last step signs in. */
import { UserOutlined } from '@ant-design/icons';
import { sysUserFaceLogin, sysUserFaceLoginChallenge, type TLoginResult } from '@exam/contracts';
import { Input, Modal } from 'antd';
import { useCallback, useState } from 'react';
import { call } from '../../api/call';
import ChallengeRunner, { type StepBody } from '../../components/proctor/ChallengeRunner';

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

  const start = useCallback(async () => {
    if (!userName.trim()) throw new Error('请输入用户名');
    return call(sysUserFaceLoginChallenge, { userName: userName.trim() }, { silent: true });
  }, [userName]);
  const step = useCallback((body: StepBody) => call(sysUserFaceLogin, body, { silent: true }), []);

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
      <ChallengeRunner
        startText="开始刷脸登录"
        reasonTestId="face-login-error"
        start={start}
        step={step}
        onDone={(r) => r.login && onSignedIn(r.login)}
      />
    </Modal>
  );
}
