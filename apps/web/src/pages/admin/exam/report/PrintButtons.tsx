/** 打印 buttons of the exam, paper and answer-sheet screens: PDFs from /api/exam/print/*. */
import { PrinterOutlined } from '@ant-design/icons';
import { examPrintAnsweredPreview, examPrintPaperPreview } from '@exam/contracts';
import { Button, Dropdown } from 'antd';
import { callDownload } from '../../../../api/call';
import { usePermission } from '../../../../components';

/** 打印试卷 with a choice of 空白卷 and 答案卷, for an exam or a template. */
export function PrintPaperButton({ target, title }: { target: { examId?: string; tmplId?: string }; title: string }) {
  if (!usePermission('exam:print:paper')) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'blank', label: '空白卷' },
          { key: 'key', label: '答案卷（含答案与解析）' },
        ],
        onClick: ({ key }) =>
          callDownload(
            examPrintPaperPreview,
            { ...target, withKey: key === 'key' },
            `${title}-${key === 'key' ? '答案卷' : '空白卷'}.pdf`,
          ),
      }}
    >
      <Button type="link" size="small" icon={<PrinterOutlined />}>
        打印
      </Button>
    </Dropdown>
  );
}

/** 打印答卷: the learner's answered paper with the marks (handed-in papers only). */
export function PrintAnsweredButton({
  paperId,
  fileName,
  state,
}: {
  paperId: string;
  fileName: string;
  state: number;
}) {
  if (!usePermission('exam:print:answer') || state === 0) return null;
  return (
    <Button icon={<PrinterOutlined />} onClick={() => callDownload(examPrintAnsweredPreview, { paperId }, fileName)}>
      打印答卷
    </Button>
  );
}
