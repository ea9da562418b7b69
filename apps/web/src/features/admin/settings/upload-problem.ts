/**
 * Why an image upload failed, as the settings forms word it (docs/back-office.md "Images"): not a
 * PNG, JPEG or WebP, over the size limit, unreadable, or anything else.
 */
import { ApiError } from '../../../api/client.ts';

export type UploadProblem = 'type' | 'size' | 'unreadable' | 'generic';

const PROBLEM_OF: Record<string, UploadProblem> = {
  imageTypeUnsupported: 'type',
  imageTooLarge: 'size',
  imageUnreadable: 'unreadable',
};

export const uploadProblemOf = (error: unknown): UploadProblem =>
  (error instanceof ApiError && PROBLEM_OF[error.key]) || 'generic';
