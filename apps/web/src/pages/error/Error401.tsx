import ErrorPage from './ErrorPage';

export default function Error401() {
  return <ErrorPage status="401" title="抱歉，您无权访问此页面" text="如需访问，请联系管理员为您分配相应权限。" />;
}
