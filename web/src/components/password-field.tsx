import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '@cartwise/contracts';
import { Icon } from './icon';
import { TextField, type TextFieldProps } from './text-field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete' | 'adornment'> {
  /**
   * 'new' for a password being chosen: the browser offers to generate one and the hint states the server's minimum
   * (pass `hint={null}` for a confirmation field); 'current' for one being typed from memory.
   */
  purpose: 'current' | 'new';
}

/**
 * One password input for every form: a show/hide toggle (a button whose name stays "Show password" and whose
 * pressed state says whether the characters are visible), so a shopper on a phone can check what was typed.
 * The button's name comes from its text, not aria-label, so `getByLabel('Password')` still finds only the input.
 */
export function PasswordField({ purpose, hint, ...rest }: PasswordFieldProps) {
  const [isShown, setIsShown] = useState(false);
  const shownHint = hint === undefined && purpose === 'new' ? `At least ${PASSWORD_MIN_LENGTH} characters` : hint;
  return (
    <TextField
      {...rest}
      type={isShown ? 'text' : 'password'}
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      autoCapitalize="off"
      spellCheck={false}
      hint={shownHint}
      adornment={
        <button type="button" className="field-adornment" aria-pressed={isShown} onClick={() => setIsShown((shown) => !shown)}>
          <Icon name={isShown ? 'eye-off' : 'eye'} size={20} />
          <span className="visually-hidden">Show password</span>
        </button>
      }
    />
  );
}
