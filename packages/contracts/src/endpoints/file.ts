/** Endpoints of file. */
import { uploadEndpoint } from '../endpoint.js';
import { ZFileSchema } from '../system/file.js';

export const commonFileUpload = uploadEndpoint({
  path: '/api/common/file/upload',
  data: ZFileSchema,
  access: 'user',
  operation: false,
});
