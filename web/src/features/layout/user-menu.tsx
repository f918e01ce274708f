import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/icon';
import type { MenuItem } from '../../components/menu';
import { useAfterIdle } from '../../lib/use-after-idle';
import { useAuth } from '../auth/auth-context';

// Radix's menu (with its positioning engine) is about a fifth of the signed-in shell: it loads once the page is
// idle, or on the first press of the button, never before the first paint.
const Menu = lazy(() => import('../../components/menu').then((module) => ({ default: module.Menu })));

/** The account menu in the top bar: who is signed in, settings, sign out. */
export function UserMenu({ name, email }: { name: string; email: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);
  const isIdle = useAfterIdle();
  const [isPressedEarly, setIsPressedEarly] = useState(false);

  async function handleSignOut() {
    setIsBusy(true);
    await signOut();
    setIsBusy(false);
    await navigate('/login', { replace: true });
  }

  const items: MenuItem[] = [
    { label: 'Settings', onSelect: () => void navigate('/u/settings') },
    { label: 'Preferences', onSelect: () => void navigate('/u/settings/preferences') },
    { label: isBusy ? 'Signing out...' : 'Sign out', onSelect: () => void handleSignOut(), isDisabled: isBusy, tone: 'danger' },
  ];
  const trigger = (onPress?: () => void) => (
    <button
      type="button"
      className="btn btn-ghost btn-small user-menu-button"
      aria-label={`Account menu${name ? ` for ${name}` : ''}`}
      aria-haspopup="menu"
      onClick={onPress}
    >
      <Icon name="user" size={20} />
      {name ? <span className="user-name">{name}</span> : null}
      <Icon name="chevron-down" size={16} />
    </button>
  );
  const placeholder = trigger(() => setIsPressedEarly(true));
  if (!isIdle && !isPressedEarly) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Menu heading={email || name} items={items} trigger={trigger()} isOpenAtFirst={isPressedEarly} />
    </Suspense>
  );
}
