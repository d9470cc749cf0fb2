/**
 * A list or page whose request failed: says so, with the server's message and a retry, so a
 * failure never reads as "nothing here" (every list tells empty from failed).
 */
import { Button } from 'antd';
import StatusBlock from './StatusBlock';

export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '请求出现错误！';
}

export default function LoadFailed({
  error,
  onRetry,
  title = '加载失败',
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  return (
    <StatusBlock
      status="warning"
      className="load-failed"
      data-testid="load-failed"
      title={title}
      subTitle={errorText(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
