import { passwordTexts } from '@cuota/shared/texts/password';
import { restablecerTexts } from '@cuota/shared/texts/restablecer';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import { validationTexts } from '@cuota/shared/texts/validation';
import { json, renderRemotePage } from '@cuota/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestablecerPage } from './restablecer-page';

const session = vi.hoisted(() => ({
  getIdToken: vi.fn(async () => null),
  sendPasswordResetCode: vi.fn<(email: string) => Promise<void>>(),
  precargarCognito: vi.fn(),
}));
vi.mock('../lib/session', () => session);

const t = restablecerTexts;
const ADMIN_16 = 'Clave-Admin-Nueva-2026';

function renderPage(url: string, reply: (body: Record<string, string>) => Response) {
  return renderRemotePage(
    [
      { path: '/restablecer-contrasena', element: <RestablecerPage /> },
      { path: '/auth', element: <p>pantalla de ingreso</p> },
    ],
    url,
    (_url, init) => reply(JSON.parse(String(init?.body))),
  );
}

beforeEach(() => session.sendPasswordResetCode.mockReset().mockResolvedValue());
afterEach(() => vi.unstubAllGlobals());

describe('Restablecer Contraseña', () => {
  it('pide el email, envía el código y pasa al paso del código con el email fijo', async () => {
    const { user } = renderPage('/restablecer-contrasena', () => json(200, { ok: true }));
    expect(screen.getByRole('heading', { name: t.titulo })).toBeInTheDocument();
    await user.type(screen.getByLabelText(t.email), 'no-es-email');
    await user.click(screen.getByRole('button', { name: t.enviarCodigo }));
    expect(await screen.findByText(validationTexts.email)).toBeInTheDocument();
    expect(session.sendPasswordResetCode).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(t.email));
    await user.type(screen.getByLabelText(t.email), 'Ana@Cuota.cr');
    await user.click(screen.getByRole('button', { name: t.enviarCodigo }));
    expect(await screen.findByText(t.codigoEnviado)).toBeInTheDocument();
    expect(session.sendPasswordResetCode).toHaveBeenCalledWith('ana@cuota.cr');
    expect(screen.getByLabelText(t.email)).toHaveValue('ana@cuota.cr');
    expect(screen.getByLabelText(t.email)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(t.codigo)).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('el código y la nueva contraseña van al servidor; sus rechazos quedan en el campo; el éxito lleva a /auth', async () => {
    // every refusal that depends on the account gets one answer (an admin's 12–15 characters too)
    let respuesta = json(400, {
      code: 'VALIDATION_ERROR',
      message: seguridadTexts.restablecimientoRechazado,
      details: { codigo: seguridadTexts.restablecimientoRechazado },
    });
    const { user, fetchMock } = renderPage('/restablecer-contrasena?email=admin%40cuota.cr', () => respuesta);
    await user.type(screen.getByLabelText(t.codigo), '12345');
    await user.type(screen.getByLabelText(t.nueva), 'Corta-Pero-1!');
    await user.type(screen.getByLabelText(t.confirmar), 'otra');
    await user.click(screen.getByRole('button', { name: t.guardar }));
    expect(await screen.findByText(seguridadTexts.codigoRequerido)).toBeInTheDocument();
    expect(screen.getByText(passwordTexts.mismatch)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(t.codigo), '6');
    await user.clear(screen.getByLabelText(t.confirmar));
    await user.type(screen.getByLabelText(t.confirmar), 'Corta-Pero-1!');
    await user.click(screen.getByRole('button', { name: t.guardar }));
    // the form states the admin rule up front; the server's refusal names no account type
    expect(await screen.findByText(t.error)).toBeInTheDocument();
    expect(
      await within(screen.getByLabelText(t.codigo).parentElement!).findByText(seguridadTexts.restablecimientoRechazado),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(t.nueva)).toHaveAccessibleDescription(t.notaAdmin);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'admin@cuota.cr',
      codigo: '123456',
      nueva: 'Corta-Pero-1!',
    });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://api.test/api/auth/restablecer-contrasena');

    // too many attempts: the server's Spanish message
    respuesta = json(429, { code: 'TOO_MANY_REQUESTS', message: seguridadTexts.demasiadosIntentos });
    for (const campo of [t.nueva, t.confirmar]) {
      await user.clear(screen.getByLabelText(campo));
      await user.type(screen.getByLabelText(campo), ADMIN_16);
    }
    await user.click(screen.getByRole('button', { name: t.guardar }));
    expect(await screen.findByText(seguridadTexts.demasiadosIntentos)).toBeInTheDocument();

    respuesta = json(200, { ok: true });
    await user.click(screen.getByRole('button', { name: t.guardar }));
    expect(await screen.findByText('pantalla de ingreso')).toBeInTheDocument();
    expect(await screen.findByText(t.exito)).toBeInTheDocument();
  });
});
