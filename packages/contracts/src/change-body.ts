import { z } from 'zod';

/** The body of a change (PATCH): only the fields sent change, and at least one is sent ('required' otherwise). */
export const changeBody = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape).refine((body) => Object.values(body).some((value) => value !== undefined), 'required');
