import { useState } from 'react';
import { Card } from '../../components/card';
import { THEME_CHOICES, readThemeChoice, saveThemeChoice, type ThemeChoice } from '../../lib/theme';

/** Light, dark or the system's theme; applies at once and is kept on this device. */
export function ThemeCard() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  return (
    <Card title="Appearance">
      <fieldset className="fieldset">
        <legend className="field-label">Theme</legend>
        <div className="segmented" role="radiogroup" aria-label="Theme">
          {THEME_CHOICES.map((option) => (
            <label key={option.value} className="segmented-option">
              <input
                type="radio"
                name="theme"
                value={option.value}
                checked={choice === option.value}
                onChange={() => {
                  setChoice(option.value);
                  saveThemeChoice(option.value);
                }}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
