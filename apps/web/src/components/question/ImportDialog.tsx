/** Import of questions from xlsx or docx: template download, the file, and the per-row report. */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { TQuImportResult } from '@exam/contracts';
import { Alert, Button, Checkbox, Form, Modal, Select, Space, Table, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { quApi, type RepoOption } from '../../api/repo';

interface Props {
  open: boolean;
  /** The bank to import into; when absent the user picks one. */
  repoId?: string;
  repos?: RepoOption[];
  onClose: () => void;
  onImported: () => void;
}

export default function ImportDialog({ open, repoId, repos, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<string | undefined>(repoId);
  const [onlyValid, setOnlyValid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TQuImportResult | null>(null);

  useEffect(() => {
    if (open) {
      setFile(null);
      setResult(null);
      setOnlyValid(false);
      setTarget(repoId);
    }
  }, [open, repoId]);

  const submit = async () => {
    if (!file || !target) return;
    setBusy(true);
    try {
      const res = await quApi.importFile(file, target, onlyValid);
      setResult(res);
      if (res.imported > 0) onImported();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="导入试题"
      open={open}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button
            type="primary"
            loading={busy}
            disabled={!file || !target}
            onClick={submit}
            data-testid="import-submit"
          >
            开始导入
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" component={false}>
        {!repoId && (
          <Form.Item label="导入到题库" required>
            <Select
              placeholder="请选择题库"
              value={target}
              onChange={setTarget}
              options={(repos ?? []).map((r) => ({ value: r.id, label: r.title }))}
            />
          </Form.Item>
        )}
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<DownloadOutlined />} onClick={() => quApi.template()} data-testid="download-template">
            下载导入模板
          </Button>
          <Typography.Text type="secondary">
            支持 Excel（.xlsx，模板格式）和 Word（.docx，常见试卷排版）
          </Typography.Text>
        </Space>
        <Upload.Dragger
          accept=".xlsx,.docx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setResult(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处</p>
          <p className="ant-upload-hint">有错误的行时默认不导入任何试题，可勾选下方选项只导入正确的行</p>
        </Upload.Dragger>
        <Checkbox style={{ marginTop: 12 }} checked={onlyValid} onChange={(e) => setOnlyValid(e.target.checked)}>
          只导入正确的行（跳过有错误的行）
        </Checkbox>
        {result && (
          <div style={{ marginTop: 16 }} data-testid="import-report">
            <Alert
              showIcon
              type={result.errors.length === 0 ? 'success' : result.imported > 0 ? 'warning' : 'error'}
              message={
                result.errors.length === 0
                  ? `导入成功：共 ${result.imported} 道试题`
                  : result.imported > 0
                    ? `已导入 ${result.imported} 道试题，跳过 ${result.total - result.imported} 道有错误的试题`
                    : `发现 ${result.errors.length} 处错误，未导入任何试题，请修改后重新导入`
              }
            />
            {result.errors.length > 0 && (
              <Table
                size="small"
                style={{ marginTop: 8 }}
                rowKey={(r) => `${r.row}-${r.column}-${r.reason}`}
                dataSource={result.errors}
                pagination={{ pageSize: 8, hideOnSinglePage: true }}
                columns={[
                  { title: '行号 / 题号', dataIndex: 'row', width: 100 },
                  { title: '列', dataIndex: 'column', width: 120 },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            )}
          </div>
        )}
      </Form>
    </Modal>
  );
}
