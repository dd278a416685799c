/** GET workflow/{id}/original-video: a short-lived signed link to the workflow's source video. */
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function getOriginalVideo(id: string) {
  return http<{ signedUrl: string; expiresAt: string }>(`workflow/${encodeURIComponent(id)}/original-video`);
}

/** A fresh link each time: a link is asked for when it is opened, never kept. */
export function useOriginalVideo() {
  return useMutation({ mutationFn: getOriginalVideo });
}
