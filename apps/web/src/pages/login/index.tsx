/** Sign-in: user name, password, remember me; links to register, forgot and help; other methods by switch. */

import {
  DingdingOutlined,
  LockOutlined,
  MobileOutlined,
  ScanOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { TLogin } from '@exam/contracts';
import { Alert, App, Button, Checkbox, Divider, Form, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/system';
import { afterLoginTarget } from '../../router/guard-decision';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import { takeSessionExpired } from '../../utils/auth';
import AuthLayout, { AuthTitle } from '../auth/AuthLayout';
import FaceLogin from './FaceLogin';

const REMEMBER_KEY = 'remembered-user';

export default function LoginPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useAppStore((s) => s.site);
  const [loading, setLoading] = useState(false);
  const remembered = localStorage.getItem(REMEMBER_KEY) ?? '';
  // Read once per visit: a signed-out learner was not just dropped without a word.
  const [expired] = useState(takeSessionExpired);
  const [faceOpen, setFaceOpen] = useState(false);

  const onFinish = async (values: TLogin & { remember: boolean }) => {
    setLoading(true);
    try {
      const result = await login({ userName: values.userName.trim(), password: values.password });
      if (values.remember) localStorage.setItem(REMEMBER_KEY, values.userName.trim());
      else localStorage.removeItem(REMEMBER_KEY);
      useUserStore.getState().setToken(result.token);
      navigate(afterLoginTarget(params.get('redirect'), result.user.roleType), { replace: true });
    } catch {
      // the client already showed the message
    } finally {
      setLoading(false);
    }
  };

  const others = [
    site.faceLogin && { key: 'face', icon: <ScanOutlined />, label: '人脸登录' },
    site.mobileLogin && { key: 'mobile', icon: <MobileOutlined />, label: '手机号登录' },
    site.wechatLogin && { key: 'wechat', icon: <WechatOutlined style={{ color: '#07c160' }} />, label: '微信登录' },
    site.dingtalkLogin && { key: 'ding', icon: <DingdingOutlined style={{ color: '#1677ff' }} />, label: '钉钉登录' },
  ].filter(Boolean) as { key: string; icon: React.ReactNode; label: string }[];

  return (
    <AuthLayout>
      <AuthTitle title="欢迎登录" sub="请使用您的账号登录系统" />
      {expired && (
        <Alert
          type="warning"
          showIcon
          data-testid="session-expired"
          title="登录已过期，请重新登录"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        size="large"
        onFinish={onFinish}
        initialValues={{ userName: remembered, remember: Boolean(remembered) }}
        autoComplete="on"
      >
        <Form.Item name="userName" rules={[{ required: true, message: '请输入用户名' }]}>
          <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
        </Form.Item>
        <div className="auth-links" style={{ marginBottom: 20 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>记住我</Checkbox>
          </Form.Item>
          <Link to="/forgot">忘记密码？</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={loading}>
          登 录
        </Button>
      </Form>
      <div className="auth-links" style={{ marginTop: 16 }}>
        {site.regOpen !== false ? <Link to="/register">没有账号？立即注册</Link> : <span />}
        <Link to="/help">帮助中心</Link>
      </div>
      {others.length > 0 && (
        <div className="auth-other" data-testid="other-logins">
          <Divider plain>其他登录方式</Divider>
          <div className="auth-other__icons">
            {others.map((o) => (
              <Tooltip key={o.key} title={o.label}>
                <Button
                  shape="circle"
                  size="large"
                  icon={o.icon}
                  aria-label={o.label}
                  onClick={() =>
                    o.key === 'face' ? setFaceOpen(true) : message.info(`${o.label}暂未接入，请使用账号密码登录`)
                  }
                />
              </Tooltip>
            ))}
          </div>
        </div>
      )}
      {faceOpen && (
        <FaceLogin
          open
          defaultUserName={remembered}
          onClose={() => setFaceOpen(false)}
          onSignedIn={(result) => {
            useUserStore.getState().setToken(result.token);
            navigate(afterLoginTarget(params.get('redirect'), result.user.roleType), { replace: true });
          }}
        />
      )}
      <div className="auth-copyright">{site.copyRight}</div>
    </AuthLayout>
  );
}
