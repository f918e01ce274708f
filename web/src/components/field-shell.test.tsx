import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SelectField } from './select-field';
import { TextAreaField } from './textarea-field';
import { TextField } from './text-field';

const fields = [
  { name: 'TextField', role: 'textbox', draw: (error?: string) => <TextField label="Name" hint="As on the card" error={error} /> },
  {
    name: 'TextAreaField',
    role: 'textbox',
    draw: (error?: string) => <TextAreaField label="Name" hint="As on the card" error={error} />,
  },
  {
    name: 'SelectField',
    role: 'combobox',
    draw: (error?: string) => <SelectField label="Name" hint="As on the card" error={error} options={[{ value: 'a', label: 'A' }]} />,
  },
] as const;

describe.each(fields)('$name', ({ role, draw }) => {
  it('is named by its label and described by its hint while valid', () => {
    render(draw());
    const control = screen.getByRole(role, { name: 'Name' });
    expect(control.getAttribute('aria-invalid')).toBeNull();
    expect(control.getAttribute('aria-describedby')?.split(' ')).toHaveLength(1);
    expect(document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent).toBe('As on the card');
  });

  it('is marked invalid and described by its hint and announced error', () => {
    render(draw('Enter a name.'));
    const control = screen.getByRole(role, { name: 'Name' });
    expect(control.getAttribute('aria-invalid')).toBe('true');
    const described = (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['As on the card', 'Enter a name.']);
    expect(screen.getByRole('alert').textContent).toBe('Enter a name.');
  });
});
