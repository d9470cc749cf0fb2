/** What the result SMS did, per candidate: 已发送 only for a message the provider accepted. */
import type { TCandidateSmsReport } from '@exam/contracts';
import { Alert, Modal, Table, Tag, Typography } from 'antd';

export default function SmsReport({ report, onClose }: { report: TCandidateSmsReport | null; onClose: () => void }) {
  return (
    <Modal open={Boolean(report)} title="短信发送结果" footer={null} onCancel={onClose} width={640} destroyOnHidden>
      {report && (
        <>
          <Alert
            type={report.failed ? 'warning' : 'success'}
            showIcon
            message={`已发送 ${report.sent} 条，未发送 ${report.failed} 条`}
            style={{ marginBottom: 12 }}
          />
          {report.sample && <Typography.Paragraph type="secondary">短信内容示例：{report.sample}</Typography.Paragraph>}
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={report.items}
            scroll={{ y: 320 }}
            columns={[
              { title: '姓名', dataIndex: 'name', render: (v) => v ?? '-' },
              { title: '手机号', dataIndex: 'mobile', render: (v) => v ?? '-' },
              {
                title: '结果',
                dataIndex: 'ok',
                render: (ok: boolean) => (ok ? <Tag color="green">已发送</Tag> : <Tag color="red">未发送</Tag>),
              },
              { title: '原因', dataIndex: 'reason', render: (v) => v ?? '' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
