import { riskTexts } from './texts/risk';
import { scoreBandTexts } from './texts/scoreBand';

export const SCORE_HIGH = 750;
export const SCORE_MEDIUM = 600;
export const CREDIT_LINE_LIMIT_CENTIMOS = 3_000_000_00;

export type Riesgo = 'bajo' | 'medio' | 'alto';

/** Spec §4 score bands. */
export function scoreBand(score: number | null | undefined): string {
  if (score === null || score === undefined) return scoreBandTexts.none;
  if (score >= SCORE_HIGH) return scoreBandTexts.excelente;
  if (score >= SCORE_MEDIUM) return scoreBandTexts.bueno;
  return scoreBandTexts.regular;
}

/** Spec §3: unknown values show as medio, no value shows nothing. */
export function riskLabel(riesgo: string | null | undefined): string | null {
  if (!riesgo) return null;
  return riesgo === 'bajo' || riesgo === 'alto' ? riskTexts[riesgo] : riskTexts.medio;
}

export function riskFromScore(score: number): Riesgo {
  if (score >= SCORE_HIGH) return 'bajo';
  if (score >= SCORE_MEDIUM) return 'medio';
  return 'alto';
}
