/** 修改密码: old and new password (SPEC 5 rule). */

import { sysUserUpdatePass } from '@exam/contracts';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/call';
import { passwordRule } from '../../../utils/validators';

export default function PasswordForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const onFinish = async (values: { oldPassword: string; password: string }) => {
    setSaving(true);
    try {
      await call(sysUserUpdatePass, { oldPassword: values.oldPassword, password: values.password });
      message.success('密码修改成功，下次登录请使用新密码');
      form.resetFields();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 460 }} onFinish={onFinish}>
      <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="password"
        rules={[passwordRule]}
        hasFeedback
        extra="至少6位，且必须同时包含字母和数字"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['password']}
        hasFeedback
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
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        修改密码
      </Button>
    </Form>
  );
}
