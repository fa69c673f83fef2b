import { TEXTS } from '@cuota/shared';
import { Brain, cn, Landmark, Target, type LucideIcon } from '@cuota/shared/ui';
import { useEffect, useState } from 'react';

/** Spec §9: the banner changes every 5000 ms and loops. */
export const SLIDE_INTERVAL_MS = 5000;

const ICONS: LucideIcon[] = [Brain, Target, Landmark];
const BACKGROUNDS = [
  'from-brand-dark via-primary to-teal-500',
  'from-primary via-emerald-600 to-lime-500',
  'from-slate-900 via-brand-dark to-primary',
];

export function HeroCarousel() {
  const slides = TEXTS.landing.slides;
  const [index, setIndex] = useState(0);

  // Restarts the timer whenever the slide changes, so a manual choice gets its full 5 s.
  useEffect(() => {
    const timer = setTimeout(() => setIndex((current) => (current + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, slides.length]);

  return (
    <section aria-roledescription="carousel" aria-label={TEXTS.landing.carousel} className="relative overflow-hidden">
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
      <div className="absolute bottom-5 left-1/2 flex -translate-x-1/2 gap-2">
        {slides.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            aria-label={`${TEXTS.landing.goToSlide} ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className={cn(
              'h-2.5 cursor-pointer rounded-full bg-white/50 transition-all outline-none focus-visible:ring-2 focus-visible:ring-white',
              i === index ? 'w-8 bg-white' : 'w-2.5',
            )}
          />
        ))}
      </div>
    </section>
  );
}
