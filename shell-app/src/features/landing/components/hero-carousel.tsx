import { landingTexts as l } from '@cuota/shared/texts/landing';
import { cn } from '@cuota/shared/ui/cn';
import { Brain, Landmark, Pause, Play, Target, type LucideIcon } from '@cuota/shared/ui/icons';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** Spec §9: the banner changes every 5000 ms and loops. */
export const SLIDE_INTERVAL_MS = 5000;

const ICONS: LucideIcon[] = [Brain, Target, Landmark];
const BACKGROUNDS = [
  'from-brand-dark via-primary to-teal-500',
  'from-primary via-emerald-600 to-lime-500',
  'from-slate-900 via-brand-dark to-primary',
];

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Users who ask the system for reduced motion get no autoplay (they still change slides by hand). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

export function HeroCarousel() {
  const slides = l.slides;
  const [index, setIndex] = useState(0);
  // Paused while the pointer or keyboard focus is on the banner (WCAG 2.2.2), or by the button.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const playing = !hovered && !focused && !stopped && !reducedMotion;

  // Restarts the timer whenever the slide changes or play resumes, so every slide gets its full 5 s.
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, slides.length, playing]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={l.carousel}
      data-playing={playing}
      className="relative overflow-hidden"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {slides.map((slide, i) => {
        const Icon = ICONS[i % ICONS.length] ?? Brain;
        const active = i === index;
        return (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${slides.length}`}
            aria-hidden={!active}
            className={cn(
              'bg-gradient-to-br text-white transition-opacity duration-700',
              BACKGROUNDS[i % BACKGROUNDS.length],
              active ? 'relative opacity-100' : 'pointer-events-none absolute inset-0 opacity-0',
            )}
          >
            <div className="mx-auto flex min-h-[22rem] max-w-6xl flex-col items-start justify-center gap-4 px-6 py-16 sm:min-h-[26rem] sm:px-10">
              <Icon aria-hidden className="size-12 opacity-90" />
              <h2 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">{slide.title}</h2>
              <p className="max-w-xl text-base text-white/85 sm:text-lg">{slide.text}</p>
            </div>
          </div>
        );
      })}
      <div className="absolute bottom-5 left-1/2 flex -translate-x-1/2 items-center gap-2">
        {reducedMotion ? null : (
          <button
            type="button"
            aria-label={stopped ? l.play : l.pause}
            onClick={() => setStopped((v) => !v)}
            className="mr-1 grid size-7 min-h-6 cursor-pointer place-items-center rounded-full bg-white/20 text-white outline-none hover:bg-white/30 focus-visible:ring-2 focus-visible:ring-white [&_svg]:size-3.5"
          >
            {stopped ? <Play aria-hidden /> : <Pause aria-hidden />}
          </button>
        )}
        {slides.map((slide, i) => (
          // A 24 × 24 px target (WCAG 2.5.8) around the small visible dot.
          <button
            key={slide.title}
            type="button"
            aria-label={`${l.goToSlide} ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className="group grid h-6 min-w-6 cursor-pointer place-items-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <span
              aria-hidden
              className={cn('block h-2.5 rounded-full bg-white/50 transition-all', i === index ? 'w-8 bg-white' : 'w-2.5')}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
