/** One snapshot's thumbnail: fetched with the token as an object URL (revoked on unmount); click to enlarge. */
import { PictureOutlined } from '@ant-design/icons';
import { Image } from 'antd';
import { useEffect, useState } from 'react';
import { snapshotObjectUrl } from '../../../../api/proctor';

export default function SnapshotThumb({ snapshotId }: { snapshotId: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    let made: string | null = null;
    setUrl(null);
    setFailed(false);
    snapshotObjectUrl(snapshotId).then(
      (u) => {
        made = u;
        if (alive) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [snapshotId]);
  if (failed)
    return (
      <div className="proctor__thumb proctor__thumb--empty" title="抓拍加载失败">
        <PictureOutlined /> 加载失败
      </div>
    );
  if (!url) return <div className="proctor__thumb proctor__thumb--empty">加载中…</div>;
  return (
    <Image
      src={url}
      width={120}
      height={90}
      className="proctor__thumb"
      style={{ objectFit: 'cover' }}
      alt="抓拍"
      data-testid="proctor-thumb"
      preview={{ mask: '查看大图' }}
    />
  );
}
