/**
 * Sign-in: user name, password, remember me; links to register, forgot and help. The other methods
 * (face, mobile code, WeChat, DingTalk, enterprise OIDC) appear only when switched on in site config;
 * each is one entry of `others`.
 */

import {
  DingdingOutlined,
  KeyOutlined,
  LockOutlined,
  MobileOutlined,
  ScanOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { TLogin, TLoginResult, TOauthProvider } from '@exam/contracts';
import { sysUserLogin } from '@exam/contracts';
import { Alert, Button, Checkbox, Divider, Form, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { goToProvider } from '../../api/oauth';
import { afterLoginTarget } from '../../router/guard-decision';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import { takeSessionExpired } from '../../utils/auth';
import AuthLayout, { AuthTitle } from '../auth/AuthLayout';
import FaceLogin from './FaceLogin';
import MobileLoginForm from './MobileLoginForm';

const REMEMBER_KEY = 'remembered-user';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useAppStore((s) => s.site);
  const [loading, setLoading] = useState(false);
  const remembered = localStorage.getItem(REMEMBER_KEY) ?? '';
  // Read once per visit: a signed-out learner was not just dropped without a word.
  const [expired] = useState(takeSessionExpired);
  const [faceOpen, setFaceOpen] = useState(false);
  const [mode, setMode] = useState<'password' | 'mobile'>('password');
  const [leaving, setLeaving] = useState<string | null>(null);

  const signedIn = (result: TLoginResult) => {
    useUserStore.getState().setToken(result.token);
    navigate(afterLoginTarget(params.get('redirect'), result.user.roleType), { replace: true });
  };

  /** WeChat, DingTalk, OIDC: off to the provider; /sync completes the sign-in. */
  const outside = async (provider: TOauthProvider) => {
    setLeaving(provider);
    try {
      await goToProvider(provider, 'login', params.get('redirect'));
    } catch {
      setLeaving(null); // the client showed the message
    }
  };

  const onFinish = async (values: TLogin & { remember: boolean }) => {
    setLoading(true);
    try {
      const result = await call(sysUserLogin, { userName: values.userName.trim(), password: values.password });
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

  type Other = { key: string; icon: React.ReactNode; label: string; onClick: () => void };
  const others = [
    site.faceLogin && { key: 'face', icon: <ScanOutlined />, label: '人脸登录', onClick: () => setFaceOpen(true) },
    site.mobileLogin &&
      (mode === 'mobile'
        ? { key: 'password', icon: <LockOutlined />, label: '账号密码登录', onClick: () => setMode('password') }
        : { key: 'mobile', icon: <MobileOutlined />, label: '手机号登录', onClick: () => setMode('mobile') }),
    site.wechatLogin && {
      key: 'wechat',
      icon: <WechatOutlined style={{ color: '#07c160' }} />,
      label: '微信登录',
      onClick: () => outside('wechat'),
    },
    site.dingtalkLogin && {
      key: 'dingtalk',
      icon: <DingdingOutlined style={{ color: '#1677ff' }} />,
      label: '钉钉登录',
      onClick: () => outside('dingtalk'),
    },
    site.oidcLogin && {
      key: 'oidc',
      icon: <KeyOutlined style={{ color: '#722ed1' }} />,
      label: `${site.oidcName || '企业统一认证'}登录`,
      onClick: () => outside('oidc'),
    },
  ].filter(Boolean) as Other[];

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
      {mode === 'mobile' && <MobileLoginForm onSignedIn={signedIn} />}
      <Form
        hidden={mode !== 'password'}
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
                  data-testid={`login-${o.key}`}
                  loading={leaving === o.key}
                  onClick={o.onClick}
                />
              </Tooltip>
            ))}
          </div>
        </div>
      )}
      {faceOpen && (
        <FaceLogin open defaultUserName={remembered} onClose={() => setFaceOpen(false)} onSignedIn={signedIn} />
      )}
      <div className="auth-copyright">{site.copyRight}</div>
    </AuthLayout>
  );
}
