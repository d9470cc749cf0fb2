/** Forgot password: mobile code (sms/send-code), then forgot-reset with a new SPEC 5 password. */
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { sysUserForgotReset, sysUserSmsSendCode } from '@exam/contracts';
import { App, Button, Form, Input, Result, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/call';
import { isMobile, MOBILE_MESSAGE, mobileRule, passwordRule } from '../../utils/validators';
import AuthLayout, { AuthTitle } from '../auth/AuthLayout';

const COUNTDOWN = 60;

export default function ForgotPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const sendCode = async () => {
    const mobile: string = form.getFieldValue('mobile') ?? '';
    if (!isMobile(mobile)) {
      form.setFields([{ name: 'mobile', errors: [MOBILE_MESSAGE] }]);
      return;
    }
    setSending(true);
    try {
      await call(sysUserSmsSendCode, { mobile });
      message.success('如该手机号已注册，验证码已发送，请注意查收');
      setSeconds(COUNTDOWN);
    } catch {
      // shown by the client
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: { mobile: string; code: string; password: string }) => {
    setLoading(true);
    try {
      await call(sysUserForgotReset, { mobile: values.mobile, code: values.code.trim(), password: values.password });
      setDone(true);
    } catch {
      // shown by the client
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthLayout>
      {done ? (
        <Result
          status="success"
          title="密码已重置"
          subTitle="请使用新密码登录系统"
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              去登录
            </Button>
          }
        />
      ) : (
        <>
          <AuthTitle title="找回密码" sub="通过绑定的手机号接收验证码，重新设置登录密码" />
          <Form form={form} size="large" onFinish={onFinish}>
            <Form.Item name="mobile" rules={[mobileRule]}>
              <Input prefix={<MobileOutlined />} placeholder="手机号码" maxLength={11} />
            </Form.Item>
            <Form.Item>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="code" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
                  <Input prefix={<SafetyOutlined />} placeholder="短信验证码" maxLength={8} />
                </Form.Item>
                <Button onClick={sendCode} loading={sending} disabled={seconds > 0} style={{ width: 140 }}>
                  {seconds > 0 ? `${seconds} 秒后重发` : '获取验证码'}
                </Button>
              </Space.Compact>
            </Form.Item>
            <Form.Item name="password" rules={[passwordRule]} hasFeedback>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder="新密码（至少6位，含字母和数字）"
                autoComplete="new-password"
              />
            </Form.Item>
            <Form.Item
              name="confirm"
              dependencies={['password']}
              rules={[
                { required: true, message: '请再次输入新密码' },
                ({ getFieldValue }) => ({
                  validator: (_r, v) =>
                    !v || v === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error('两次输入的密码不一致')),
                }),
              ]}
            >
              <Input.Password prefix={<LockOutlined />} placeholder="确认新密码" autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading}>
              重置密码
            </Button>
          </Form>
        </>
      )}
      <div className="auth-links" style={{ marginTop: 16 }}>
        <Link to="/login">返回登录</Link>
        <Link to="/help">帮助中心</Link>
      </div>
    </AuthLayout>
  );
}
