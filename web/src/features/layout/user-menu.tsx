import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/icon';
import { Menu, type MenuItem } from '../../components/menu';
import { useAuth } from '../auth/auth-context';

/** The account menu in the top bar: who is signed in, settings, sign out. */
export function UserMenu({ name, email }: { name: string; email: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);

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
  return (
    <Menu
      heading={email || name}
      items={items}
      trigger={
        <button type="button" className="btn btn-ghost btn-small user-menu-button" aria-label={`Account menu${name ? ` for ${name}` : ''}`}>
          <Icon name="user" size={20} />
          {name ? <span className="user-name">{name}</span> : null}
          <Icon name="chevron-down" size={16} />
        </button>
      }
    />
  );
}
