/** Hidden landing of an outside sign-in: stores ?token=..., then goes to ?redirect or home. */
import { Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useUserStore } from '../../stores/user';

export default function SyncPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const redirect = params.get('redirect');

  useEffect(() => {
    if (!token) return;
    useUserStore.getState().setToken(token);
    const target = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
    navigate(target, { replace: true });
  }, [token, redirect, navigate]);

  return token ? (
    <Result status="success" title="登录成功" subTitle="正在进入系统..." />
  ) : (
    <Result
      status="warning"
      title="登录信息缺失"
      subTitle="未收到登录凭证，请重新登录"
      extra={<a href="/login">返回登录</a>}
    />
  );
}
