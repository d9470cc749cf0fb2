/**
 * Downloads of the exam's candidate link as pictures: the QR code (PNG) and a poster (PNG with the
 * exam's title, its window and the QR code). Placed beside the link wherever it is shown.
 */
import { PictureOutlined, QrcodeOutlined } from '@ant-design/icons';
import { candidateRosterPosterExport, candidateRosterQrExport } from '@exam/contracts';
import { Button, Space } from 'antd';
import { callDownload } from '../../../../api/call';
import { usePermission } from '../../../../components';

export default function LinkPictures({ examId, title }: { examId: string; title: string }) {
  const may = usePermission('exam:candidate:view');
  if (!may || !examId) return null;
  return (
    <Space size={8} wrap>
      <Button
        icon={<QrcodeOutlined />}
        onClick={() => callDownload(candidateRosterQrExport, { examId }, `${title}-考生链接二维码.png`)}
      >
        下载二维码
      </Button>
      <Button
        icon={<PictureOutlined />}
        onClick={() => callDownload(candidateRosterPosterExport, { examId }, `${title}-考试海报.png`)}
      >
        下载海报
      </Button>
    </Space>
  );
}
