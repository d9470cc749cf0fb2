/** The question import's multipart upload, for the API tests: the fields, then the file. */
import { repoQuImport } from '@exam/contracts';
import { multipartBody } from '../../../../test/multipart.js';
import type { TestApp } from '../../../../test/test-app.js';

export async function uploadQuestions(
  t: TestApp,
  token: string,
  name: string,
  body: Buffer,
  fields: Record<string, string>,
) {
  const { payload, contentType } = multipartBody(fields, { name, body });
  const res = await t.app.inject({
    method: 'POST',
    url: repoQuImport.path,
    payload,
    headers: { 'content-type': contentType, token },
  });
  return res.json();
}
