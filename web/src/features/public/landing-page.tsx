import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { ButtonLink } from '../../components/button';
import { Icon, type IconName } from '../../components/icon';
import { formatPricingLine } from './pricing';
import { useIsBillingOn } from './use-is-billing-on';
import { useIsSignedIn } from './use-is-signed-in';

const FEATURES = [
  {
    icon: 'receipt',
    title: 'Smart receipt tracking',
    text: 'Snap photos, auto-parse items, track price history.',
  },
  {
    icon: 'cart',
    title: 'Split-cart optimisation',
    text: 'Know which store to buy each item at.',
  },
  {
    icon: 'tag',
    title: 'Deal tracking',
    text: 'See sales on the items you actually buy.',
  },
] as const satisfies readonly { icon: IconName; title: string; text: string }[];

export default function LandingPage() {
  const isSignedIn = useIsSignedIn();
  // Without billing every account is free: no trial or price is promised. The line keeps its height meanwhile.
  const isBillingOn = useIsBillingOn();
  return (
    <div className="landing">
      <header className="landing-bar">
        <Link to="/" className="brand">
          <BrandMark />
          Cartwise
        </Link>
        {isSignedIn ? (
          <ButtonLink to="/u/dashboard" variant="secondary">
            Open app
          </ButtonLink>
        ) : (
          <ButtonLink to="/login" variant="ghost">
            Sign In
          </ButtonLink>
        )}
      </header>
      <main>
        <section className="hero">
          <h1 className="hero-title">Spend less on groceries, every trip.</h1>
          <p className="hero-text">
            Cartwise turns your receipts into price history, splits your shopping list across the cheapest stores and finds deals on what
            you actually buy.
          </p>
          <div className="hero-actions">
            <ButtonLink to="/signup">Get Started</ButtonLink>
            <ButtonLink to="/login" variant="secondary">
              Sign In
            </ButtonLink>
          </div>
          <p className="pricing-line">{isBillingOn ? formatPricingLine() : null}</p>
        </section>
        <section className="feature-grid" aria-label="Features">
          {FEATURES.map((feature) => (
            <article key={feature.title} className="card feature-card">
              <span className="feature-icon">
                <Icon name={feature.icon} size={28} />
              </span>
              <h2 className="card-title">{feature.title}</h2>
              <p className="muted">{feature.text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="landing-footer muted">Cartwise · self-hostable grocery savings</footer>
    </div>
  );
}
