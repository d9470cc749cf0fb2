/** The question import's multipart upload, for the API tests: the fields, then the file. */
import { repoQuImport } from '@exam/contracts';
import type { TestApp } from '../../../../test/test-app.js';

export async function uploadQuestions(
  t: TestApp,
  token: string,
  name: string,
  body: Buffer,
  fields: Record<string, string>,
) {
  const boundary = `----i${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: repoQuImport.path,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token },
  });
  return res.json();
}
