/** One course file in the player: media, PDF (or a document's PDF rendition), image, or a download. */
import type { TCourseFile, TFileProgress, THeartbeatResult } from '@exam/contracts';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { courseApi, courseContentUrl } from '../../../../api/course';
import MediaPlayer from './MediaPlayer';
import PdfViewer from './PdfViewer';

interface Props {
  file: TCourseFile;
  progress: TFileProgress | undefined;
  allowSkip: boolean;
  onBeat: (r: THeartbeatResult) => void;
}

export default function FileView({ file, progress, allowSkip, onBeat }: Props) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one record per opened file
  useEffect(() => {
    // An image (and a document without a PDF) counts once opened: one heartbeat records it.
    if (file.kind === 'image' || (file.kind === 'doc' && !file.hasPdf))
      void courseApi
        .heartbeat({ fileId: file.id, page: 1, pages: 1 })
        .then(onBeat)
        .catch(() => undefined);
  }, [file.id]);

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
        <img src={courseContentUrl(file.id)} alt={file.title} />
      </div>
    );
  return (
    <Result
      status="info"
      title={file.name}
      subTitle="该文档暂不支持在线预览，请下载后阅读"
      extra={
        <Button type="primary" href={courseContentUrl(file.id)} download={file.name}>
          下载文档
        </Button>
      }
    />
  );
}
