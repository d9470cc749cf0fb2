/**
 * A PDF (or an office document's PDF rendition) in the page with react-pdf: page navigation, and a
 * heartbeat every ~10 s with the page shown and the page count, so the server can tell when the
 * last page was shown and the minimum reading time has passed.
 */
import { COURSE_BEAT_SECONDS, type TFileProgress, type THeartbeatResult } from '@exam/contracts';
import { Button, Flex, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { courseHeartbeat } from '../../../../api/course';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

interface Props {
  fileId: string;
  url: string;
  progress: TFileProgress | undefined;
  onBeat: (r: THeartbeatResult) => void;
}

export default function PdfViewer({ fileId, url, progress, onBeat }: Props) {
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(Math.max(1, progress?.lastPage ?? 1));
  const [width, setWidth] = useState(600);
  const box = useRef<HTMLDivElement>(null);
  const state = useRef({ page, pages });
  state.current = { page, pages };

  useEffect(() => {
    const measure = () => setWidth(Math.min(900, (box.current?.clientWidth ?? 600) - 2));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per document; the page is read from the ref
  useEffect(() => {
    if (pages === 0) return;
    const send = () =>
      courseHeartbeat({
        fileId,
        page: state.current.page,
        pages: state.current.pages,
        visible: document.visibilityState === 'visible',
      })
        .then(onBeat)
        .catch(() => undefined);
    send();
    const timer = window.setInterval(send, COURSE_BEAT_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [fileId, pages]);

  return (
    <div className="course-pdf" ref={box}>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
        <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          上一页
        </Button>
        <span data-testid="pdf-page">
          第 {page} / {pages || '-'} 页
        </span>
        <Button size="small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          下一页
        </Button>
      </Flex>
      <Document file={url} onLoadSuccess={(d) => setPages(d.numPages)} loading={<Spin />} error="文档加载失败">
        <Page pageNumber={page} width={width} renderTextLayer={false} renderAnnotationLayer={false} />
      </Document>
    </div>
  );
}
