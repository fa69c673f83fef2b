import type * as z from 'zod/mini';
import { validacionGenericaTexts } from '../texts/validacionGenerica';

const g = validacionGenericaTexts;

/**
 * Spanish message for an issue the schema gave no message of its own (zod's defaults are
 * English: "Invalid input: expected string, received undefined"). Used as the per-parse error
 * map by the API's input validation; a schema's own (spec) message always wins over it.
 */
export const errorEnEspanol: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return g.requerido;
      if (issue.expected === 'object' && (issue.path ?? []).length === 0) return g.cuerpoObjeto;
      return g.tipo[issue.expected] ?? g.invalido;
    case 'too_small':
      if (issue.origin === 'string') return g.textoCorto(Number(issue.minimum));
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false ? g.numeroMayor(issue.minimum) : g.numeroMinimo(issue.minimum);
      }
      return g.invalido;
    case 'too_big':
      if (issue.origin === 'string') return g.textoLargo(Number(issue.maximum));
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false ? g.numeroMenor(issue.maximum) : g.numeroMaximo(issue.maximum);
      }
      return g.invalido;
    case 'invalid_format':
      return g.formato;
    case 'invalid_value':
      return g.opcion;
    case 'unrecognized_keys':
      return g.camposNoPermitidos;
    default:
      return g.invalido;
  }
};
