import { z } from 'zod';

export const publicAppConfig = z.object({
  productName: z.string().describe('The platform name shown in messages'),
});
export type PublicAppConfig = z.infer<typeof publicAppConfig>;
