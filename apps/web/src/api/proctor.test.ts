import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { snapshotObjectUrl } from './proctor';

afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove('token');
});

function answer(body: string, type: string) {
  const seen: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(body, { status: 200, headers: { 'content-type': type } });
    }),
  );
  return seen;
}

describe('snapshot images', () => {
  it('reads the snapshot with the token and answers an object URL of a JPEG', async () => {
    Cookies.set('token', 't-1');
    const seen = answer('jpeg-bytes', 'image/jpeg');
    let made: Blob | null = null;
    URL.createObjectURL = vi.fn((b: Blob) => {
      made = b;
      return 'blob:snap';
    });
    await expect(snapshotObjectUrl('s1')).resolves.toBe('blob:snap');
    expect(seen[0].url).toContain('/api/exam/proctor/snapshot/image');
    expect(seen[0].init.body).toBe('{"snapshotId":"s1"}');
    expect((seen[0].init.headers as Record<string, string>).token).toBe('t-1');
    expect((made as Blob | null)?.type).toBe('image/jpeg');
  });

  it("throws the server's message when it answers JSON instead of the image", async () => {
    answer(JSON.stringify({ code: 10010004, msg: '抓拍已过保留期限' }), 'application/json');
    URL.createObjectURL = vi.fn(() => 'blob:never');
    await expect(snapshotObjectUrl('s2')).rejects.toThrow('抓拍已过保留期限');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
