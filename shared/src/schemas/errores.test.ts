import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { TEXTS } from '../texts';
import { errorEnEspanol } from './errores';

const g = TEXTS.validacionGenerica;
const mensajes = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value, { error: errorEnEspanol });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.') || '_', i.message]));
};

describe('errorEnEspanol', () => {
  const schema = z.object({
    nombre: z.string().min(2).max(5),
    monto: z.number().int().min(1).max(10),
    activo: z.boolean().optional(),
    rol: z.enum(['admin', 'cobrador']).optional(),
    codigo: z.string().regex(/^\d+$/).optional(),
  });

  it('da un texto en español a lo que el esquema no nombra, nunca el inglés de zod', () => {
    expect(mensajes(schema, [])).toEqual({ _: g.cuerpoObjeto });
    expect(mensajes(schema, {})).toEqual({ nombre: g.requerido, monto: g.requerido });
    expect(mensajes(schema, { nombre: 1, monto: '1', activo: 'sí', rol: 'x', codigo: 'a' })).toEqual({
      nombre: g.tipo.string,
      monto: g.tipo.number,
      activo: g.tipo.boolean,
      rol: g.opcion,
      codigo: g.formato,
    });
    expect(mensajes(schema, { nombre: 'a', monto: 0 })).toEqual({ nombre: g.textoCorto(2), monto: g.numeroMinimo(1) });
    expect(mensajes(schema, { nombre: 'abcdef', monto: 11 })).toEqual({ nombre: g.textoLargo(5), monto: g.numeroMaximo(10) });
    expect(mensajes(schema, { nombre: 'abc', monto: 1.5 })).toEqual({ monto: g.tipo.int });
    expect(mensajes(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toEqual({ _: g.camposNoPermitidos });
  });

  it('no pisa los mensajes propios del esquema (los de la especificación)', () => {
    expect(mensajes(z.object({ n: z.string({ error: 'Nombre requerido' }).min(2, 'Muy corto') }), { n: 'a' })).toEqual({
      n: 'Muy corto',
    });
    expect(mensajes(z.object({ n: z.string({ error: 'Nombre requerido' }) }), {})).toEqual({ n: 'Nombre requerido' });
  });
});
