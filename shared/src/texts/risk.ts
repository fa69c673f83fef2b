/** TEXTS.risk: see ../texts.ts. */
export const riskTexts = { bajo: 'Riesgo Bajo', medio: 'Riesgo Medio', alto: 'Riesgo Alto' } as const;
