/**
 * Uploading an image of the group (docs/back-office.md "Images"): the file's bytes go as they are,
 * the server decides what they are, and answers the URLs of the sizes it keeps.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { uploadImage } from '@creneau/contract/endpoints/images';
import { useMutation } from '../query/query.ts';
import { apiUpload } from './client.ts';

export type UploadedImage = AnswerOf<typeof uploadImage>;

export function useUploadImage(groupId: number) {
  return useMutation({
    mutationFn: (file: Blob) => apiUpload(backofficeRoutes.uploadImage, { params: { id: groupId } }, file),
  });
}
