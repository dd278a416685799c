/**
 * An e-mail address that a narrow column wraps at its natural points (after the @, before
 * each dot of the domain) rather than a letter at a time; `overflow-wrap: anywhere` on the
 * cell stays the last resort for a part longer than the column.
 */
import { Fragment } from 'react';

export function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  const domain = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at)}@<wbr />
      {domain.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in their order, never reordered.
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
