/** TEXTS.kyc: see ../texts.ts. */
export const kycTexts = { completo: 'KYC Completo', pendiente: 'KYC Pendiente' } as const;
