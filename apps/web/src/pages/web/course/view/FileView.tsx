/** One course file in the player: media, PDF (or a document's PDF rendition), image, or a download. */
import type { TCourseFile, TFileProgress, THeartbeatResult } from '@exam/contracts';
import { App, Button, Result } from 'antd';
import { useState } from 'react';
import { courseContentUrl, courseHeartbeat } from '../../../../api/course';
import MediaPlayer from './MediaPlayer';
import PdfViewer from './PdfViewer';

interface Props {
  file: TCourseFile;
  progress: TFileProgress | undefined;
  allowSkip: boolean;
  onBeat: (r: THeartbeatResult) => void;
}

export default function FileView({ file, progress, allowSkip, onBeat }: Props) {
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  // An image (and a document without a PDF) counts once its bytes arrived: one heartbeat records it
  // (the server credits nothing for a file it never served).
  const opened = () =>
    void courseHeartbeat({ fileId: file.id, page: 1, pages: 1 })
      .then(onBeat)
      .catch(() => undefined);
  const download = async () => {
    setDownloading(true);
    try {
      const res = await fetch(courseContentUrl(file.id), { credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = file.name;
      a.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      opened();
    } catch {
      message.error('文档下载失败，请稍后重试');
    } finally {
      setDownloading(false);
    }
  };

  if (file.kind === 'video' || file.kind === 'audio')
    return <MediaPlayer file={file} progress={progress} allowSkip={allowSkip} onBeat={onBeat} />;
  if (file.kind === 'pdf' || (file.kind === 'doc' && file.hasPdf))
    return (
      <PdfViewer
        fileId={file.id}
        url={courseContentUrl(file.id, file.kind === 'doc')}
        progress={progress}
        onBeat={onBeat}
      />
    );
  if (file.kind === 'image')
    return (
      <div className="course-player">
        <img src={courseContentUrl(file.id)} alt={file.title} onLoad={opened} />
      </div>
    );
  return (
    <Result
      status="info"
      title={file.name}
      subTitle="该文档暂不支持在线预览，请下载后阅读"
      extra={
        <Button type="primary" loading={downloading} onClick={() => void download()}>
          下载文档
        </Button>
      }
    />
  );
}
