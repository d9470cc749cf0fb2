/** The bank's export button: every format (QTI 3.0 as a content package zip). */
import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import type { TQuExportFormat } from '@exam/contracts';
import { Button, Dropdown } from 'antd';

const FORMATS: { key: TQuExportFormat; label: string; disabled?: boolean }[] = [
  { key: 'xlsx', label: 'Excel（.xlsx，可再导入）' },
  { key: 'docx', label: 'Word（.docx，可再导入）' },
  { key: 'moodle-xml', label: 'Moodle XML（.xml）' },
  { key: 'gift', label: 'GIFT（.txt）' },
  { key: 'qti', label: 'IMS QTI 3.0（.zip 内容包）' },
];

export default function ExportMenu({ label, onExport }: { label: string; onExport: (f: TQuExportFormat) => void }) {
  return (
    <Dropdown
      menu={{
        items: FORMATS.map((f) => ({ key: f.key, label: f.label, disabled: f.disabled })),
        onClick: ({ key }) => onExport(key as TQuExportFormat),
      }}
    >
      <Button icon={<ExportOutlined />} data-testid="qu-export">
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
