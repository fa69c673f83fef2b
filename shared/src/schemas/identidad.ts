import * as z from 'zod';
import { EMAIL_MAX, normalizarEmail, normalizarIdentificacion } from '../identidad';
import { validationTexts } from '../texts/validation';

const v = validationTexts;

/**
 * Every e-mail the product stores or looks up: NFKC, invisibles removed, trimmed, lower case
 * (normalizarEmail), then at most 254 characters and a valid address ('Email inválido').
 */
export const emailSchema = z
  .string({ error: v.email })
  .max(4 * EMAIL_MAX, v.email)
  .transform(normalizarEmail)
  .pipe(z.string().max(EMAIL_MAX, v.email).pipe(z.email(v.email)));

/**
 * An identification number as typed (`5-4822-9094`, full-width digits, stray zero-width
 * characters): canonical form (normalizarIdentificacion). The per-type format is checked by the
 * object that knows identidad_tipo (clienteCrearSchema), with the spec's 'Número de
 * identificación inválido'.
 */
export const identificacionSchema = z
  .string({ error: v.identidadNumero })
  .max(60, v.identidadNumero)
  .transform(normalizarIdentificacion)
  .pipe(z.string().min(5, v.identidadNumero).max(30, v.identidadNumero));
