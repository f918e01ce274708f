import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouteError } from './route-error';

function renderCrash(error: Error) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const Crash = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Crash />, errorElement: <RouteError /> }]);
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it('explains a page that failed to load in plain words and folds the technical message away', () => {
    renderCrash(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/pantry-page-abc.js'));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/could not be loaded\. Check your connection and reload/)).toBeTruthy();
    const details = screen.getByText('Technical details').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('pantry-page-abc.js');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('says a crashed page stopped working', () => {
    renderCrash(new Error('Cannot read properties of undefined'));
    expect(screen.getByText(/stopped working/)).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});
