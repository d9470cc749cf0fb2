/** Shared frame of the 401 and 404 pages. */
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { homeOf } from '../../router/guard-decision';
import { useUserStore } from '../../stores/user';

export default function ErrorPage({ status, title, text }: { status: '401' | '404'; title: string; text: string }) {
  const navigate = useNavigate();
  const roleType = useUserStore((s) => s.roleType);
  const token = useUserStore((s) => s.token);
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#fff',
      }}
    >
      <Result
        status={status === '401' ? '403' : '404'}
        title={status}
        subTitle={
          <>
            <div style={{ fontSize: 18, color: '#262626', marginBottom: 4 }}>{title}</div>
            <div>{text}</div>
          </>
        }
        extra={
          <Space>
            <Button onClick={() => navigate(-1)}>返回上一页</Button>
            <Button type="primary" onClick={() => navigate(token ? homeOf(roleType) : '/login')}>
              {token ? '返回首页' : '去登录'}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
