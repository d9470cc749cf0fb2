/**
 * 登录成功 (hidden, SPEC 2): where WeChat, DingTalk and OIDC providers send the browser back
 * (?code or ?authCode, ?state, ?iss). It hands them to /api/sys/oauth/callback and then:
 * signs in and goes where the guard of SPEC 4 says; or, for a first sign-in with an unbound
 * identity, offers to bind an existing account (its password) or to create a learner when
 * registration is open; or reports a finished binding. ?token=... (an older landing) still works.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import {
  OAUTH_PROVIDER_LABELS,
  sysOauthBindLogin,
  sysOauthRegister,
  type TLoginResult,
  type TOauthCallbackResult,
} from '@exam/contracts';
import { Alert, App, Button, Card, Divider, Form, Input, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { clearPendingFlow, oauthCallback, pendingFlow } from '../../api/oauth';
import { afterLoginTarget } from '../../router/guard-decision';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import AuthLayout, { AuthTitle } from '../auth/AuthLayout';

type View =
  | { kind: 'working' }
  | { kind: 'failed'; message: string }
  | { kind: 'unbound'; result: TOauthCallbackResult }
  | { kind: 'bound'; result: TOauthCallbackResult }
  | { kind: 'pending' }
  | { kind: 'done' };

export default function SyncPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const site = useAppStore((s) => s.site);
  const token = params.get('token');
  const code = params.get('code') ?? params.get('authCode');
  const state = params.get('state');
  const [view, setView] = useState<View>({ kind: 'working' });
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const flow = useRef(pendingFlow());

  const label = (provider: TOauthCallbackResult['provider']) =>
    provider === 'oidc' && site.oidcName ? site.oidcName : OAUTH_PROVIDER_LABELS[provider];

  const finish = (result: TLoginResult) => {
    clearPendingFlow();
    useUserStore.getState().setToken(result.token);
    setView({ kind: 'done' });
    navigate(afterLoginTarget(flow.current?.redirect ?? null, result.user.roleType), { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on arrival (a provider's code is single-use)
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (token) {
      useUserStore.getState().setToken(token);
      const redirect = params.get('redirect');
      navigate(redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/', { replace: true });
      return;
    }
    const error = params.get('error_description') ?? params.get('error');
    if (error || !code || !state) {
      setView({ kind: 'failed', message: error ? `第三方登录未完成：${error}` : '未收到登录凭证，请重新登录' });
      return;
    }
    oauthCallback({ state, code, iss: params.get('iss') ?? undefined })
      .then((result) => {
        if (result.result === 'signedIn' && result.token && result.user)
          finish({ token: result.token, user: result.user });
        else if (result.result === 'bound') {
          clearPendingFlow();
          setView({ kind: 'bound', result });
        } else setView({ kind: 'unbound', result });
      })
      .catch((err: Error) => setView({ kind: 'failed', message: err.message }));
  }, []);

  const bind = async (values: { userName: string; password: string }) => {
    if (view.kind !== 'unbound' || !view.result.ticket) return;
    setBusy(true);
    try {
      finish(
        await call(sysOauthBindLogin, {
          ticket: view.result.ticket,
          userName: values.userName.trim(),
          password: values.password,
        }),
      );
      message.success(`已绑定${label(view.result.provider)}账号`);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  const register = async () => {
    if (view.kind !== 'unbound' || !view.result.ticket) return;
    setBusy(true);
    try {
      const result = await call(sysOauthRegister, { ticket: view.result.ticket });
      if (result.token && result.user) finish({ token: result.token, user: result.user });
      else {
        clearPendingFlow();
        setView({ kind: 'pending' });
      }
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  if (view.kind === 'working' || view.kind === 'done')
    return (
      <Result
        status="info"
        icon={<Spin size="large" />}
        title="登录成功"
        subTitle="正在完成登录，请稍候..."
        data-testid="sync-working"
      />
    );
  if (view.kind === 'failed')
    return (
      <Result
        status="warning"
        title="登录未完成"
        subTitle={view.message}
        extra={<Link to="/login">返回登录</Link>}
        data-testid="sync-failed"
      />
    );
  if (view.kind === 'pending')
    return (
      <Result
        status="success"
        title="注册成功"
        subTitle="账号正在等待管理员审核，审核通过后即可登录"
        extra={<Link to="/login">返回登录</Link>}
      />
    );
  if (view.kind === 'bound')
    return (
      <Result
        status="success"
        title="绑定成功"
        subTitle={`已绑定${label(view.result.provider)}账号${view.result.displayName ? `「${view.result.displayName}」` : ''}，以后可直接用它登录`}
        extra={
          <Button type="primary" onClick={() => navigate(flow.current?.redirect ?? '/', { replace: true })}>
            返回个人中心
          </Button>
        }
        data-testid="sync-bound"
      />
    );

  const { result } = view;
  const name = label(result.provider);
  return (
    <AuthLayout>
      <AuthTitle
        title={`${name}账号首次登录`}
        sub={result.displayName ? `您好，${result.displayName}` : '请完成账号绑定'}
      />
      <Card size="small" data-testid="sync-unbound">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`该${name}账号尚未绑定本系统账号。已有账号请输入用户名和密码完成绑定，以后即可用${name}直接登录。`}
        />
        <Form name="oauthBind" size="large" onFinish={bind} autoComplete="off">
          <Form.Item name="userName" rules={[{ required: true, message: '请输入用户名' }]}>
            <Input prefix={<UserOutlined />} placeholder="已有账号的用户名" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            绑定并登录
          </Button>
        </Form>
        {result.canRegister ? (
          <>
            <Divider plain>还没有账号</Divider>
            <Button block size="large" onClick={register} loading={busy} data-testid="sync-register">
              以{name}账号注册为学员
            </Button>
          </>
        ) : (
          <Alert type="warning" showIcon style={{ marginTop: 16 }} title="系统未开放注册：没有账号请联系管理员开通" />
        )}
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/login">返回登录</Link>
        </div>
      </Card>
    </AuthLayout>
  );
}
