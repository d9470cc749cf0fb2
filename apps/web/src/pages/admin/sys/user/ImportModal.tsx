/** Import users from xlsx: template download, upload, and the error report table (row, column, reason). */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { TImportError } from '@exam/contracts';
import { sysUserImportTemplate } from '@exam/contracts';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { callDownload } from '../../../../api/call';
import { importUsers } from '../../../../api/sys-admin';

export default function ImportModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { message } = App.useApp();
  const [errors, setErrors] = useState<TImportError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setErrors([]);
    setFailure(null);
    onClose();
  };

  const send = async (file: File) => {
    setErrors([]);
    setFailure(null);
    const outcome = await importUsers(file);
    if (outcome.ok) {
      message.success(`导入成功，共导入${outcome.report?.imported ?? 0}个用户`);
      onImported();
      close();
      return;
    }
    setFailure(outcome.msg);
    setErrors(outcome.report?.errors ?? []);
  };

  return (
    <Modal title="导入用户" open={open} onCancel={close} footer={null} width={680} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          请先下载导入模板，按模板填写后上传（仅支持 .xlsx）。任一行有错误时不会导入任何数据。
        </Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => callDownload(sysUserImportTemplate, {}, '用户导入模板.xlsx')}
        >
          下载导入模板
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽xlsx文件到此处上传</p>
        </Upload.Dragger>
        {failure && <Alert type="error" showIcon message={failure} />}
        {errors.length > 0 && (
          <Table<TImportError>
            size="small"
            rowKey={(r) => `${r.row}-${r.column}-${r.reason}`}
            dataSource={errors}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            columns={[
              { title: '行号', dataIndex: 'row', width: 80 },
              { title: '列名', dataIndex: 'column', width: 120 },
              { title: '错误原因', dataIndex: 'reason' },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
