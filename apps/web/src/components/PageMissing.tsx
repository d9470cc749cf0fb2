/** Shown when a menu names a view that has no page file: a clear message, not a crash. */
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import StatusBlock from './StatusBlock';

export default function PageMissing({ component }: { component?: string }) {
  const navigate = useNavigate();
  return (
    <StatusBlock
      status="warning"
      title="页面不存在"
      subTitle={component ? `菜单配置的页面组件「${component}」尚未提供，请联系管理员。` : '请求的页面组件尚未提供。'}
      extra={
        <Button type="primary" onClick={() => navigate(-1)}>
          返回上一页
        </Button>
      }
    />
  );
}
