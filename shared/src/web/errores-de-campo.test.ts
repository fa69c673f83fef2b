import { afterEach, describe, expect, it, vi } from 'vitest';
import { authTexts } from '../texts/auth';
import { errorsTexts } from '../texts/errors';
import { passwordTexts } from '../texts/password';
import { toast } from '../ui/toast';
import { ApiError } from './api';
import { avisarErrorDeFormulario, erroresDelServidor, marcarEnFormulario, marcarErroresDelServidor } from './errores-de-campo';

afterEach(() => {
  vi.restoreAllMocks();
});

const rechazo = new ApiError(400, 'VALIDATION', 'Datos inválidos', {
  monto_centimos: 'Monto fuera del rango del producto',
  email: 'Ya existe un cliente con ese email',
  otro: 'Campo que el formulario no tiene',
});

describe('erroresDelServidor', () => {
  it('da los mensajes por campo de un error de la API y ninguno de otro error', () => {
    expect(erroresDelServidor(rechazo)).toEqual(rechazo.details);
    expect(erroresDelServidor(new Error('x'))).toEqual({});
    expect(erroresDelServidor(undefined)).toEqual({});
  });
});

describe('marcarErroresDelServidor', () => {
  it('con una lista marca solo los campos del formulario', () => {
    const marcar = vi.fn();
    marcarErroresDelServidor(rechazo, ['email', 'nombre'], marcar);
    expect(marcar.mock.calls).toEqual([['email', 'Ya existe un cliente con ese email']]);
  });

  it('con un mapa lleva el nombre del servidor al campo del formulario', () => {
    const marcar = vi.fn();
    marcarErroresDelServidor(rechazo, { monto_centimos: 'monto' }, marcar);
    expect(marcar.mock.calls).toEqual([['monto', 'Monto fuera del rango del producto']]);
  });

  it('no toma nombres heredados del objeto como campos', () => {
    const marcar = vi.fn();
    marcarErroresDelServidor(new ApiError(400, 'X', 'x', { constructor: 'no' }), { monto_centimos: 'monto' }, marcar);
    expect(marcar).not.toHaveBeenCalled();
  });

  it('con una función decide ella, y un error que no es de la API no marca nada', () => {
    const marcar = vi.fn();
    marcarErroresDelServidor(rechazo, (nombre) => (nombre === 'otro' ? 'notas' : undefined), marcar);
    expect(marcar.mock.calls).toEqual([['notas', 'Campo que el formulario no tiene']]);
    marcar.mockClear();
    marcarErroresDelServidor(new Error('red'), ['email'], marcar);
    expect(marcar).not.toHaveBeenCalled();
  });
});

describe('avisarErrorDeFormulario', () => {
  it('marca los campos y avisa con el mensaje del servidor bajo el título genérico', () => {
    const error = vi.spyOn(toast, 'error');
    const marcar = vi.fn();
    avisarErrorDeFormulario(rechazo, { campos: ['email'], marcar, porDefecto: 'No se pudo crear el cliente' });
    expect(marcar).toHaveBeenCalledWith('email', 'Ya existe un cliente con ese email');
    expect(error).toHaveBeenCalledWith(errorsTexts.genericTitle, 'Datos inválidos');
  });

  it('sin mensaje del servidor usa el de la acción, o el interno, con el título dado', () => {
    const error = vi.spyOn(toast, 'error');
    avisarErrorDeFormulario(new Error('boom'), { campos: [], marcar: vi.fn(), porDefecto: 'No se pudo guardar' });
    expect(error).toHaveBeenLastCalledWith(errorsTexts.genericTitle, 'No se pudo guardar');
    avisarErrorDeFormulario(new Error('boom'), { campos: [], marcar: vi.fn(), titulo: 'No se pudo reportar el pago' });
    expect(error).toHaveBeenLastCalledWith('No se pudo reportar el pago', errorsTexts.internal);
  });

  it('una contraseña rechazada se dice en el aviso de contraseña, no en el genérico', () => {
    const error = vi.spyOn(toast, 'error');
    const marcar = vi.fn();
    const debil = new ApiError(400, 'VALIDATION', 'Datos inválidos', { password: passwordTexts.adminMin });
    avisarErrorDeFormulario(debil, { campos: ['password'], marcar, contrasena: 'password' });
    expect(marcar).toHaveBeenCalledWith('password', passwordTexts.adminMin);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(authTexts.adminPasswordTitle, passwordTexts.adminMin);
  });
});

describe('marcarEnFormulario', () => {
  it('pone el mensaje en el campo como error del servidor', () => {
    const setError = vi.fn();
    marcarEnFormulario({ setError })('email', 'Ya existe');
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Ya existe' });
  });
});
