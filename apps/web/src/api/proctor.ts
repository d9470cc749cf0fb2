/**
 * Remote proctoring's snapshot images: a file endpoint read with the token (an <img src> cannot
 * send it) and shown as an object URL; the caller revokes it when the thumbnail goes away.
 */
import { examProctorSnapshotImage } from '@exam/contracts';
import { postBlob } from './request';

/** The snapshot's JPEG as an object URL; a JSON error answer is thrown with the server's message. */
export async function snapshotObjectUrl(snapshotId: string): Promise<string> {
  const blob = await postBlob(examProctorSnapshotImage.path, { snapshotId }, 30_000);
  if (blob.type.includes('json')) throw new Error(JSON.parse(await blob.text()).msg ?? '抓拍加载失败');
  return URL.createObjectURL(new Blob([blob], { type: 'image/jpeg' }));
}
