import { generalTexts } from '@cuota/shared/texts/general';
import { landingTexts as l } from '@cuota/shared/texts/landing';
import { Button } from '@cuota/shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cuota/shared/ui/card';
import { Brain, ChartColumn, LogIn, ShieldCheck, UserCog, UserPlus, type LucideIcon } from '@cuota/shared/ui/icons';
import { Link } from 'react-router-dom';
import { HeroCarousel } from './hero-carousel';

const ACCESS: { title: string; text: string; button: string; to: string; icon: LucideIcon; variant: 'default' | 'outline' }[] = [
  {
    title: l.adminCardTitle,
    text: l.adminCardText,
    button: l.adminButton,
    to: '/auth?tab=admin',
    icon: UserCog,
    variant: 'outline',
  },
  {
    title: l.registerCardTitle,
    text: l.registerCardText,
    button: l.registerButton,
    to: '/auth?tab=registro',
    icon: UserPlus,
    variant: 'default',
  },
  {
    title: l.loginCardTitle,
    text: l.loginCardText,
    button: l.loginButton,
    to: '/auth?tab=login',
    icon: LogIn,
    variant: 'outline',
  },
];

const FEATURE_ICONS: LucideIcon[] = [ShieldCheck, Brain, ChartColumn];

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
          {/* the landing's one h1: the brand, as the page's title */}
          <h1 className="text-xl font-bold tracking-tight text-primary">
            <Link to="/">{generalTexts.brand}</Link>
          </h1>
          <span className="hidden text-sm text-muted-foreground sm:block">{l.tagline}</span>
        </div>
      </header>
      <main className="flex-1">
        <HeroCarousel />
        <section aria-label={l.loginCardTitle} className="mx-auto grid max-w-6xl gap-6 px-6 py-14 md:grid-cols-3">
          {ACCESS.map(({ title, text, button, to, icon: Icon, variant }) => (
            <Card key={to} className="flex flex-col">
              <CardHeader>
                <Icon aria-hidden className="mb-2 size-8 text-primary" />
                <CardTitle>{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <Button asChild variant={variant} className="w-full">
                  <Link to={to}>{button}</Link>
                </Button>
              </CardContent>
            </Card>
          ))}
        </section>
        <section className="bg-muted/60">
          <div className="mx-auto max-w-6xl px-6 py-14">
            <h2 className="mb-8 text-center text-2xl font-semibold">{l.featuresTitle}</h2>
            <ul className="grid gap-8 md:grid-cols-3">
              {l.features.map((feature, i) => {
                const Icon = FEATURE_ICONS[i] ?? ShieldCheck;
                return (
                  <li key={feature.title} className="flex flex-col items-center gap-3 text-center">
                    <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
                      <Icon aria-hidden className="size-7" />
                    </span>
                    <h3 className="text-lg font-semibold">{feature.title}</h3>
                    <p className="max-w-xs text-sm text-muted-foreground">{feature.text}</p>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      </main>
      <footer className="border-t border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-1 px-6 py-6 text-sm text-muted-foreground sm:flex-row">
          <p>{l.copyright}</p>
          <p>{l.footer}</p>
        </div>
      </footer>
    </div>
  );
}
