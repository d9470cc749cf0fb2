/** 个人资料: real name, optional mobile, avatar upload; saved by /api/sys/user/update-profile. */
import { LoadingOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { sysUserUpdateProfile } from '@exam/contracts';
import { App, Avatar, Button, Form, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/call';
import { uploadFile } from '../../../api/system';
import { useUserStore } from '../../../stores/user';
import { optionalMobileRule } from '../../../utils/validators';

export default function ProfileForm() {
  const { message } = App.useApp();
  const user = useUserStore();
  const [avatar, setAvatar] = useState(user.avatar);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  // An uploaded picture is only a file until the profile is saved: say so.
  const savedAvatar = useUserStore((s) => s.avatar);
  const unsaved = (avatar || '') !== (savedAvatar || '');

  const onFinish = async (values: { realName: string; mobile?: string }) => {
    setSaving(true);
    try {
      const body = { realName: values.realName.trim(), mobile: values.mobile?.trim() || null, avatar: avatar || null };
      await call(sysUserUpdateProfile, body);
      useUserStore.getState().patch({ realName: body.realName, mobile: body.mobile ?? '', avatar: body.avatar ?? '' });
      message.success('个人资料已保存');
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 460 }}
      initialValues={{ userName: user.userName, realName: user.realName, mobile: user.mobile }}
      onFinish={onFinish}
    >
      <Form.Item label="头像">
        <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <Avatar size={72} src={avatar || undefined} icon={<UserOutlined />} />
          <Upload
            accept="image/*"
            showUploadList={false}
            customRequest={async ({ file }) => {
              setUploading(true);
              try {
                const res = await uploadFile(file as File, 'avatar');
                setAvatar(res.url);
              } catch {
                // shown by the client
              } finally {
                setUploading(false);
              }
            }}
            beforeUpload={(file) => {
              if (file.size > 2 * 1024 * 1024) {
                message.error('头像图片不能超过 2MB');
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
          >
            <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />}>更换头像</Button>
          </Upload>
        </div>
        {unsaved && (
          <Typography.Text type="warning" data-testid="avatar-unsaved">
            新头像尚未保存，请点击下方「保存资料」后生效
          </Typography.Text>
        )}
      </Form.Item>
      <Form.Item label="用户名" name="userName">
        <Input disabled />
      </Form.Item>
      <Form.Item
        label="姓名"
        name="realName"
        rules={[
          { required: true, whitespace: true, message: '请输入姓名' },
          { max: 32, message: '姓名不能超过32个字符' },
        ]}
      >
        <Input placeholder="真实姓名" />
      </Form.Item>
      <Form.Item label="手机号码" name="mobile" rules={[optionalMobileRule]}>
        <Input placeholder="选填，11位手机号码" maxLength={11} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存资料
      </Button>
    </Form>
  );
}
