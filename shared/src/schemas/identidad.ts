import * as z from 'zod/mini';
import { EMAIL_MAX, normalizarEmail, normalizarIdentificacion } from '../identidad';
import { validationTexts } from '../texts/validation';

const v = validationTexts;

/**
 * Every e-mail the product stores or looks up: NFKC, invisibles removed, trimmed, lower case
 * (normalizarEmail), then at most 254 characters and a valid address ('Email inválido').
 */
export const emailSchema = z.pipe(
  z.pipe(z.string({ error: v.email }).check(z.maxLength(4 * EMAIL_MAX, v.email)), z.transform(normalizarEmail)),
  z.pipe(z.string().check(z.maxLength(EMAIL_MAX, v.email)), z.email(v.email)),
);

/**
 * An identification number as typed (`5-4822-9094`, full-width digits, stray zero-width
 * characters): canonical form (normalizarIdentificacion). The per-type format is checked by the
 * object that knows identidad_tipo (clienteCrearSchema), with the spec's 'Número de
 * identificación inválido'.
 */
export const identificacionSchema = z.pipe(
  z.pipe(z.string({ error: v.identidadNumero }).check(z.maxLength(60, v.identidadNumero)), z.transform(normalizarIdentificacion)),
  z.string().check(z.minLength(5, v.identidadNumero), z.maxLength(30, v.identidadNumero)),
);
