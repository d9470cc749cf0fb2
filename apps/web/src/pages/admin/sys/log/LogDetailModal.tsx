/** One log entry in full, with its parameters as formatted JSON. */
import type { TLog } from '@exam/contracts';
import { Descriptions, Modal, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../../utils/time';

const TYPE_LABELS: Record<number, string> = { 1: '登录日志', 2: '操作日志', 3: '前端错误' };

function pretty(value: unknown): string {
  if (value === null || value === undefined) return '（无）';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

export default function LogDetailModal({ log, onClose }: { log: TLog | null; onClose: () => void }) {
  return (
    <Modal title="日志详情" open={log !== null} onCancel={onClose} footer={null} width={760}>
      {log && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="类型">{TYPE_LABELS[log.type] ?? log.type}</Descriptions.Item>
            <Descriptions.Item label="时间">{formatDateTime(log.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="用户">{log.userName || '-'}</Descriptions.Item>
            <Descriptions.Item label="结果">
              {log.success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="操作" span={2}>
              {log.title}
            </Descriptions.Item>
            <Descriptions.Item label="接口地址" span={2}>
              {log.path || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="结果信息" span={2}>
              {log.message || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="IP地址">{log.ip || '-'}</Descriptions.Item>
            <Descriptions.Item label="耗时">{log.durationMs === null ? '-' : `${log.durationMs} ms`}</Descriptions.Item>
            <Descriptions.Item label="浏览器" span={2}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {log.userAgent || '-'}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            参数
          </Typography.Title>
          <pre
            data-testid="log-params"
            style={{
              background: '#f6f8fa',
              padding: 12,
              borderRadius: 6,
              maxHeight: 320,
              overflow: 'auto',
              fontSize: 12,
              margin: 0,
            }}
          >
            {pretty(log.params)}
          </pre>
        </>
      )}
    </Modal>
  );
}
