import { validacionGenericaTexts } from '@cuota/shared/texts/validacionGenerica';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';

describe('sesión: los mensajes de zod', () => {
  it('una validación sin mensaje propio responde en español desde que carga la sesión', async () => {
    await import('./sesion');
    const r = z.safeParse(z.object({ nombre: z.string().check(z.minLength(3)), plazo: z.int() }), { nombre: 'ab', plazo: 'x' });
    expect(r.success).toBe(false);
    const mensajes = r.error!.issues.map((i) => i.message);
    expect(mensajes.join(' ')).not.toMatch(/Invalid|expected/);
    expect(mensajes[0]).toBe(validacionGenericaTexts.textoCorto(3));
    expect(mensajes).toHaveLength(2);
  });
});
