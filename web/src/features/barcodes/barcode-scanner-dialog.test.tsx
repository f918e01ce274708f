import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { BarcodeScannerDialog } from './barcode-scanner-dialog';

describe('BarcodeScannerDialog without a camera', () => {
  it('shows the typed-code field only, with no camera box, and looks the typed code up', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    const onDetected = vi.fn();
    renderPage(<BarcodeScannerDialog onDetected={onDetected} onClose={() => undefined} />);
    expect(await screen.findByText('No camera available: type the code instead.')).toBeTruthy();
    expect(screen.getByText('Type the number printed under the barcode.')).toBeTruthy();
    const video = document.querySelector('video');
    expect(video?.classList.contains('is-hidden')).toBe(true);
    // The field takes the focus, so a phone opens its keypad at once.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Barcode number')));
    await userEvent.type(screen.getByLabelText('Barcode number'), '4006381333931');
    await userEvent.click(screen.getByRole('button', { name: 'Look up code' }));
    expect(onDetected).toHaveBeenCalledTimes(1);
    expect(String(onDetected.mock.calls[0]?.[0])).toMatch(/4006381333931$/);
  });
});
