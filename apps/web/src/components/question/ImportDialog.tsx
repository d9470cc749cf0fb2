/**
 * Import of questions: a format picker (auto detects by content), the file, then a
 * preview report read by the server without writing — per type how many will be created, every
 * skipped item with its place and reason, duplicates of questions already in the bank, errors —
 * and only then 确认导入, which imports all or nothing. Categories of the file (Moodle, GIFT) become
 * tags or target banks, as the administrator picks; the preview lists those banks.
 * A large file shows where it is: 上传中 with the percent sent, then the server's
 * phases from the user's realtime topic — 解析中, 校验中 n/N, 写入中 n/N — until its answer, which
 * alone says the import is done.
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  MAX_IMPORT_QUESTIONS,
  QU_IMPORT_PROGRESS_EVENT,
  QUESTION_TYPE_LABELS,
  repoQuImportTemplate,
  type TQuImportCategory,
  type TQuImportFormat,
  type TQuImportProgress,
  type TQuImportResult,
} from '@exam/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Form,
  Modal,
  Progress,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { callDownload } from '../../api/call';
import { ApiError } from '../../api/http-errors';
import { quApi, type RepoOption } from '../../api/repo';
import { useRealtime } from '../../hooks/useRealtime';
import { useUserStore } from '../../stores/user';

interface Props {
  open: boolean;
  /** The bank to import into; when absent the user picks one. */
  repoId?: string;
  repos?: RepoOption[];
  onClose: () => void;
  onImported: () => void;
}

const FORMATS: { value: TQuImportFormat; label: string }[] = [
  { value: 'auto', label: '自动识别' },
  { value: 'xlsx', label: 'Excel（.xlsx 模板）' },
  { value: 'docx', label: 'Word（.docx 常见试卷排版）' },
  { value: 'moodle-xml', label: 'Moodle XML' },
  { value: 'gift', label: 'GIFT' },
  { value: 'aiken', label: 'Aiken' },
  { value: 'qti', label: 'IMS QTI 2.1/2.2/3.0（.xml 或 .zip）' },
];

/** Where a running import is: the upload's percent, then the server's phase. */
type Stage = { phase: 'upload'; percent: number } | Pick<TQuImportProgress, 'phase' | 'done' | 'total'>;

const PHASE_LABELS: Record<Stage['phase'], string> = {
  upload: '上传中',
  parse: '解析中',
  check: '校验中',
  write: '写入中',
};

const newProgressId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function StageBar({ stage }: { stage: Stage }) {
  const percent =
    stage.phase === 'upload'
      ? stage.percent
      : stage.total > 0
        ? Math.min(99, Math.floor((stage.done / stage.total) * 100))
        : 0;
  const text =
    stage.phase === 'upload'
      ? `${PHASE_LABELS.upload} ${stage.percent}%`
      : stage.total > 0
        ? `${PHASE_LABELS[stage.phase]} ${stage.done}/${stage.total}`
        : `${PHASE_LABELS[stage.phase]}…`;
  return (
    <div style={{ marginTop: 8 }} data-testid="import-progress" data-phase={stage.phase}>
      <Typography.Text type="secondary">{text}</Typography.Text>
      <Progress percent={percent} size="small" status="active" showInfo={false} />
    </div>
  );
}

const placeColumns = [
  { title: '位置', dataIndex: 'place', width: 220 },
  { title: '原因', dataIndex: 'reason' },
];

export default function ImportDialog({ open, repoId, repos, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<string | undefined>(repoId);
  const [format, setFormat] = useState<TQuImportFormat>('auto');
  const [category, setCategory] = useState<TQuImportCategory>('tag');
  const [onlyValid, setOnlyValid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<Stage | null>(null);
  const running = useRef<string | null>(null);
  const userId = useUserStore((s) => s.userId);
  // The stream is opened once a file is chosen, so it is live before the server's first phase.
  useRealtime(open && file && userId ? [`user:${userId}`] : [], (event) => {
    if (event.type !== QU_IMPORT_PROGRESS_EVENT) return;
    const data = event.data as TQuImportProgress;
    if (!running.current || data.progressId !== running.current) return;
    setStage({ phase: data.phase, done: data.done, total: data.total });
  });
  const [preview, setPreview] = useState<TQuImportResult | null>(null);
  const [result, setResult] = useState<TQuImportResult | null>(null);
  /** Why a confirmed import wrote nothing (the server's message). */
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setFile(null);
      setPreview(null);
      setResult(null);
      setRefusal(null);
      setOnlyValid(false);
      setFormat('auto');
      setCategory('tag');
      setTarget(repoId);
    }
  }, [open, repoId]);

  const send = async (asPreview: boolean) => {
    if (!file || !target) return;
    setBusy(true);
    const progressId = newProgressId();
    running.current = progressId;
    setStage({ phase: 'upload', percent: 0 });
    try {
      const res = await quApi.importFile(
        file,
        target,
        { onlyValid, format, category, preview: asPreview, progressId },
        (percent) => {
          if (running.current !== progressId) return;
          // Sent in full: the server reads it now (its own phases follow on the realtime topic).
          setStage((s) =>
            s && s.phase !== 'upload'
              ? s
              : percent >= 100
                ? { phase: 'parse', done: 0, total: 0 }
                : { phase: 'upload', percent },
          );
        },
      );
      if (asPreview) {
        setPreview(res);
        setResult(null);
      } else {
        setResult(res);
        setRefusal(null);
        if (res.imported > 0) onImported();
      }
    } catch (err) {
      // An import that wrote nothing is refused with its report: shown with the server's reason.
      if (!(err instanceof ApiError)) throw err;
      const report = err.data as TQuImportResult | undefined;
      if (!report || typeof report.total !== 'number') throw err;
      setResult(report);
      setRefusal(err.message);
    } finally {
      running.current = null;
      setBusy(false);
      setStage(null);
    }
  };

  const reset = () => {
    setPreview(null);
    setResult(null);
    setRefusal(null);
  };
  const canConfirm =
    preview && !result && preview.total > 0 && (preview.errors.length === 0 || (onlyValid && preview.valid > 0));

  return (
    <Modal
      title="导入试题"
      open={open}
      onCancel={onClose}
      width={820}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button
            loading={busy && !preview}
            disabled={!file || !target}
            onClick={() => send(true)}
            data-testid="import-preview"
          >
            预览
          </Button>
          <Button
            type="primary"
            loading={busy && Boolean(preview)}
            disabled={!canConfirm}
            onClick={() => send(false)}
            data-testid="import-submit"
          >
            确认导入
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" component={false}>
        <Space wrap style={{ marginBottom: 12 }}>
          {!repoId && (
            <Select
              style={{ width: 220 }}
              placeholder="请选择导入到的题库"
              value={target}
              onChange={(v) => {
                setTarget(v);
                reset();
              }}
              options={(repos ?? []).map((r) => ({ value: r.id, label: r.title }))}
            />
          )}
          <Space>
            <Typography.Text>格式</Typography.Text>
            <Select
              style={{ width: 220 }}
              value={format}
              onChange={(v) => {
                setFormat(v);
                reset();
              }}
              options={FORMATS}
              data-testid="import-format"
            />
          </Space>
          <Space>
            <Typography.Text>文件中的分类</Typography.Text>
            <Select
              style={{ width: 160 }}
              value={category}
              onChange={(v) => {
                setCategory(v);
                reset();
              }}
              options={[
                { value: 'tag', label: '作为知识点' },
                { value: 'bank', label: '作为目标题库' },
              ]}
              data-testid="import-category"
            />
          </Space>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => callDownload(repoQuImportTemplate, {}, '试题导入模板.xlsx')}
            data-testid="download-template"
          >
            下载导入模板
          </Button>
        </Space>
        <Upload.Dragger
          accept=".xlsx,.docx,.xml,.txt,.gift,.zip"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            reset();
            return false;
          }}
          onRemove={() => {
            setFile(null);
            reset();
          }}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处</p>
          <p className="ant-upload-hint">
            支持 Excel、Word、Moodle XML、GIFT、Aiken、IMS QTI（单个试题 .xml 或 .zip
            内容包）；先预览，确认无误后再导入。有错误的试题时默认不导入任何试题
          </p>
          <p className="ant-upload-hint" data-testid="import-cap">
            每个文件最多 {MAX_IMPORT_QUESTIONS.toLocaleString('zh-CN')} 道试题、20MB，更多请拆分后分批导入
          </p>
        </Upload.Dragger>
        <Checkbox
          style={{ marginTop: 12 }}
          checked={onlyValid}
          onChange={(e) => {
            setOnlyValid(e.target.checked);
            // A refused import can be tried again with the new setting.
            if (refusal) {
              setResult(null);
              setRefusal(null);
            }
          }}
          data-testid="import-only-valid"
        >
          只导入正确的试题（跳过有错误的试题）
        </Checkbox>
        {stage && <StageBar stage={stage} />}
        {(result ?? preview) && (
          <Report
            result={(result ?? preview) as TQuImportResult}
            done={Boolean(result)}
            onlyValid={onlyValid}
            refusal={refusal}
          />
        )}
      </Form>
    </Modal>
  );
}

/** The preview's sentence: what 确认导入 will do with the current setting. */
export function previewMessage(result: TQuImportResult, onlyValid: boolean): string {
  const problems = result.errors.length;
  const extra = `跳过 ${result.skipped.length} 项，重复 ${result.duplicates.length} 道`;
  if (result.total === 0) return '预览：文件中没有可导入的试题，请查看“跳过”中的原因';
  if (problems === 0) return `预览：将导入 ${result.total} 道试题，${extra}。确认无误后点击“确认导入”`;
  if (result.valid === 0) return `预览：发现 ${problems} 处错误，没有正确的试题可导入，请修改文件后重新预览`;
  return onlyValid
    ? `预览：发现 ${problems} 处错误，将只导入正确的 ${result.valid} 道试题（有错误的 ${result.total - result.valid} 道不导入），${extra}`
    : `预览：发现 ${problems} 处错误，按当前设置将不导入任何试题；勾选“只导入正确的试题”可导入其余 ${result.valid} 道`;
}

function Report({
  result,
  done,
  onlyValid,
  refusal,
}: {
  result: TQuImportResult;
  done: boolean;
  onlyValid: boolean;
  refusal: string | null;
}) {
  const problems = result.errors.length;
  const message = done
    ? (refusal ??
      (problems === 0
        ? `导入成功：共 ${result.imported} 道试题`
        : `已导入 ${result.imported} 道试题，跳过 ${result.total - result.imported} 道有错误的试题`))
    : previewMessage(result, onlyValid);
  const ok = done ? result.imported > 0 && problems === 0 : problems === 0 && result.total > 0;
  const partly = (done && result.imported > 0) || (!done && onlyValid && result.valid > 0);
  const types = Object.entries(result.byType).map(([type, count]) => ({
    key: type,
    label: QUESTION_TYPE_LABELS[Number(type)] ?? `题型${type}`,
    children: `${count} 道`,
  }));
  return (
    <div style={{ marginTop: 16 }} data-testid="import-report">
      <Alert
        showIcon
        type={ok ? (done ? 'success' : 'info') : partly ? 'warning' : 'error'}
        message={message}
        data-testid="import-message"
      />
      {types.length > 0 && (
        <Descriptions size="small" column={4} style={{ marginTop: 8 }} items={types} data-testid="import-by-type" />
      )}
      {result.banks && result.banks.length > 0 && (
        <Descriptions
          size="small"
          column={2}
          title="按分类导入到的题库"
          style={{ marginTop: 8 }}
          data-testid="import-banks"
          items={result.banks.map((b) => ({
            key: b.title,
            label: b.title,
            children: `${b.count} 道（${b.exists ? '已有题库' : '将新建题库'}）`,
          }))}
        />
      )}
      <Tabs
        size="small"
        items={[
          {
            key: 'errors',
            label: `错误（${problems}）`,
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.row}-${r.place ?? ''}-${r.column}-${r.reason}`}
                dataSource={result.errors}
                pagination={{ pageSize: 6, hideOnSinglePage: true }}
                columns={[
                  { title: '行号 / 位置', render: (_, r) => r.place ?? r.row, width: 200 },
                  { title: '列', dataIndex: 'column', width: 100 },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            ),
          },
          {
            key: 'skipped',
            label: `跳过（${result.skipped.length}）`,
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.place}-${r.reason}`}
                dataSource={result.skipped}
                pagination={{ pageSize: 6, hideOnSinglePage: true }}
                columns={placeColumns}
                data-testid="import-skipped"
              />
            ),
          },
          {
            key: 'duplicates',
            label: `重复（${result.duplicates.length}）`,
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.place}-${r.reason}`}
                dataSource={result.duplicates}
                pagination={{ pageSize: 6, hideOnSinglePage: true }}
                columns={placeColumns}
              />
            ),
          },
        ]}
        defaultActiveKey={problems && result.total > 0 ? 'errors' : 'skipped'}
      />
    </div>
  );
}
