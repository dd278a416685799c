/** An e-mail keeps its text whole and offers line breaks only after the @ and before the domain's dots. */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableEmail } from './BreakableEmail';

describe('BreakableEmail', () => {
  it('reads as the address, with break points after the @ and before each dot of the domain', () => {
    const { container } = render(<BreakableEmail email="first.last@mail.acme.example" />);
    expect(container.textContent).toBe('first.last@mail.acme.example');
    expect(container.innerHTML).toBe('first.last@<wbr>mail<wbr>.acme<wbr>.example');
  });

  it('leaves text without an @ as it is', () => {
    const { container } = render(<BreakableEmail email="not an address" />);
    expect(container.innerHTML).toBe('not an address');
  });
});
