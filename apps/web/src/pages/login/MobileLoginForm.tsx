/** Sign-in by mobile number and SMS code: 60-second resend countdown, the same answer for any number. */
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { TLoginResult } from '@exam/contracts';
import { sysUserMobileLogin, sysUserSmsSendCode } from '@exam/contracts';
import { App, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../api/call';
import { isMobile, MOBILE_MESSAGE, mobileRule } from '../../utils/validators';

const COUNTDOWN = 60;

export default function MobileLoginForm({ onSignedIn }: { onSignedIn: (result: TLoginResult) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const sendCode = async () => {
    const mobile: string = (form.getFieldValue('mobile') ?? '').trim();
    if (!isMobile(mobile)) {
      form.setFields([{ name: 'mobile', errors: [MOBILE_MESSAGE] }]);
      return;
    }
    setSending(true);
    try {
      await call(sysUserSmsSendCode, { mobile, purpose: 'login' });
      message.success('验证码已发送，请注意查收（5分钟内有效）');
      setSeconds(COUNTDOWN);
    } catch {
      // shown by the client
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: { mobile: string; code: string }) => {
    setLoading(true);
    try {
      onSignedIn(await call(sysUserMobileLogin, { mobile: values.mobile.trim(), code: values.code.trim() }));
    } catch {
      // shown by the client
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={onFinish} name="mobileLogin" data-testid="mobile-login-form">
      <Form.Item name="mobile" rules={[{ required: true, message: '请输入手机号' }, mobileRule]}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} autoComplete="tel" inputMode="numeric" />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              { pattern: /^\d{6}$/, message: '验证码为6位数字' },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder="短信验证码"
              maxLength={6}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          </Form.Item>
          <Button onClick={sendCode} loading={sending} disabled={seconds > 0} style={{ width: 140 }}>
            {seconds > 0 ? `${seconds} 秒后重发` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        登 录
      </Button>
    </Form>
  );
}
