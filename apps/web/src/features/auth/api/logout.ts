/** DELETE logout: revokes this browser's session; the server clears its cookies. */
import { http } from '../../../lib/http';

export function logout(opts: { quiet?: boolean } = {}): Promise<unknown> {
  return http('logout', { method: 'DELETE', quiet: opts.quiet });
}
