import { describe, expect, it } from 'vitest';
import { camposDe } from './campos-de-formulario';

/** A form as camposDe sees it: `register` answers the field's name, errors as react-hook-form nests them. */
function formulario(errors: object) {
  return { register: (nombre: string) => ({ name: nombre }), formState: { errors } };
}

describe('camposDe', () => {
  it("da el registro del campo y el mensaje de su error ('cuenta.iban' anidado incluido)", () => {
    const campo = camposDe(
      formulario({ email: { type: 'zod', message: 'Email inválido' }, cuenta: { iban: { message: 'IBAN inválido' } } }),
    );
    expect(campo('email')).toEqual({ name: 'email', error: 'Email inválido' });
    expect(campo('cuenta.iban')).toEqual({ name: 'cuenta.iban', error: 'IBAN inválido' });
  });

  it('sin error, o con un error sin mensaje, no hay mensaje', () => {
    const campo = camposDe(formulario({ rol: { type: 'required' } }));
    expect(campo('nombre')).toEqual({ name: 'nombre', error: undefined });
    expect(campo('rol').error).toBeUndefined();
    expect(campo('cuenta.iban').error).toBeUndefined();
  });
});
