/** 刷脸登录 tab of the user centre: enrol, replace or delete the face, after the password. */
import { sysUserFaceEnrol, sysUserFaceEnrolChallenge, sysUserFaceRemove, sysUserFaceStatus } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, Popconfirm, Space, Spin, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { call } from '../../../api/call';
import ChallengeRunner, { type StepBody } from '../../../components/proctor/ChallengeRunner';
import { formatTime } from '../../../utils/date-format';

const KEY = ['face-status'];

export default function FaceEnrol() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const status = useQuery({ queryKey: KEY, queryFn: () => call(sysUserFaceStatus, {}) });
  const [password, setPassword] = useState('');
  const [capturing, setCapturing] = useState(false);

  // The password starts the challenge (it confirms the person); the last passed step enrols.
  const start = useCallback(async () => {
    if (!password) throw new Error('请先输入登录密码以确认本人');
    return call(sysUserFaceEnrolChallenge, { password }, { silent: true });
  }, [password]);
  const step = useCallback((body: StepBody) => call(sysUserFaceEnrol, body, { silent: true }), []);

  if (status.isLoading || !status.data) return <Spin />;
  const { enabled, enrolled, updatedAt } = status.data;

  const remove = async () => {
    client.setQueryData(KEY, await call(sysUserFaceRemove, {}));
    message.success('已删除录入的人脸');
  };

  return (
    <div style={{ maxWidth: 460 }} data-testid="face-enrol">
      {!enabled && (
        <Alert type="info" showIcon title="管理员尚未开启人脸登录，暂不能录入人脸" style={{ marginBottom: 16 }} />
      )}
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 's',
            label: '录入状态',
            children: enrolled ? <Tag color="success">已录入</Tag> : <Tag>未录入</Tag>,
          },
          ...(updatedAt ? [{ key: 't', label: '录入时间', children: formatTime(updatedAt, 'YYYY-MM-DD HH:mm') }] : []),
        ]}
      />
      <div style={{ color: '#8c8c8c', marginBottom: 16 }}>
        录入时只保存人脸特征值，不保存照片或视频画面；采集时请按屏幕提示完成转头、眨眼等动作，用于活体检测。
      </div>
      {enabled && !capturing && (
        <Space>
          <Button type="primary" onClick={() => setCapturing(true)}>
            {enrolled ? '重新录入' : '录入人脸'}
          </Button>
          {enrolled && (
            <Popconfirm title="确定删除已录入的人脸吗？" onConfirm={remove}>
              <Button danger>删除人脸</Button>
            </Popconfirm>
          )}
        </Space>
      )}
      {enabled && capturing && (
        <>
          <Form layout="vertical">
            <Form.Item label="登录密码" required extra="为确认是本人操作，请输入当前登录密码">
              <Input.Password
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
                aria-label="登录密码"
              />
            </Form.Item>
          </Form>
          <ChallengeRunner
            startText="开始采集"
            reasonTestId="face-enrol-error"
            start={start}
            step={step}
            onDone={(r) => {
              if (r.status) client.setQueryData(KEY, r.status);
              else void status.refetch();
              message.success('人脸录入成功，登录页可使用刷脸登录');
              setCapturing(false);
              setPassword('');
            }}
          />
          <Button block style={{ marginTop: 8 }} onClick={() => setCapturing(false)}>
            取消
          </Button>
        </>
      )}
    </div>
  );
}
