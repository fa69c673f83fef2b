import { json, renderRemotePage } from '@cuota/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from './auth-page';

// Only the Amplify wrapper is replaced: session.ts, actions.ts and GET /api/me run as in the app.
const cognito = vi.hoisted(() => ({
  idToken: vi.fn<() => Promise<string | null>>(),
  signInWithPassword: vi.fn<(email: string, password: string) => Promise<'done' | 'totp'>>(),
  confirmSignInWithTotp: vi.fn<(code: string) => Promise<void>>(),
}));
vi.mock('../lib/cognito', () => cognito);

const ADMIN_PASSWORD = 'Admin#Segura2025!';
const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });

const me = (roles: string[]) =>
  json(200, { userId: 'u', email: 'ana@cuota.cr', nombre: 'Ana', apellido: 'Mora', roles, cliente: null });

function renderAuth(url: string, roles: string[] = ['analista']) {
  return renderRemotePage(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/portal', element: <h1>Portal</h1> },
      { path: '/clientes', element: <h1>Clientes</h1> },
      { path: '/restablecer-contrasena', element: <h1>Restablecer</h1> },
    ],
    url,
    () => me(roles),
  );
}

async function signInAsAdmin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'Ana@Cuota.cr');
  await user.type(screen.getByLabelText('Contraseña'), ADMIN_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Acceder al Panel Admin' }));
  return screen.findByLabelText('Código de verificación');
}

beforeEach(() => {
  vi.clearAllMocks();
  cognito.idToken.mockResolvedValue('token');
  cognito.signInWithPassword.mockResolvedValue('totp');
});
afterEach(() => vi.unstubAllGlobals());

describe('inicio de sesión de una cuenta que debe restablecer su contraseña', () => {
  it('lleva al paso del código de /restablecer-contrasena con el email y lo dice en un toast', async () => {
    cognito.signInWithPassword.mockRejectedValue(cognitoError('PasswordResetRequiredError'));
    const { user, router } = renderAuth('/auth?tab=admin');
    await user.type(screen.getByLabelText('Email'), 'Ana@Cuota.cr');
    await user.type(screen.getByLabelText('Contraseña'), ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Acceder al Panel Admin' }));
    expect(await screen.findByRole('heading', { name: 'Restablecer' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/restablecer-contrasena?email=ana%40cuota.cr');
    expect(await screen.findByText('Debes restablecer tu contraseña')).toBeInTheDocument();
  });
});

describe('inicio de sesión con verificación en dos pasos', () => {
  it('pide el código de 6 dígitos en lugar de entrar, con teclado numérico y one-time-code', async () => {
    const { user, router } = renderAuth('/auth?tab=admin');
    const code = await signInAsAdmin(user);
    expect(cognito.signInWithPassword).toHaveBeenCalledWith('ana@cuota.cr', ADMIN_PASSWORD);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toBeRequired();
    expect(code).toHaveFocus();
    expect(screen.getByText('Ingresa el código de 6 dígitos de tu app de autenticación.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('un código incorrecto se avisa en el campo y se queda en el paso; el correcto entra como un login normal', async () => {
    cognito.confirmSignInWithTotp.mockRejectedValueOnce(cognitoError('CodeMismatchException', 'Invalid code received for user'));
    const { user, router } = renderAuth('/auth?tab=admin');
    const code = await signInAsAdmin(user);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Código incorrecto. Usa el código vigente de tu app de autenticación.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription('Código incorrecto. Usa el código vigente de tu app de autenticación.');
    expect(router.state.location.pathname).toBe('/auth');

    cognito.confirmSignInWithTotp.mockResolvedValueOnce();
    await user.clear(code);
    await user.type(code, '123 456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientes'));
    expect(cognito.confirmSignInWithTotp).toHaveBeenLastCalledWith('123456');
  });

  it('un código que no tiene 6 dígitos no llega a Cognito', async () => {
    const { user } = renderAuth('/auth?tab=admin');
    const code = await signInAsAdmin(user);
    await user.type(code, '12a34');
    expect(code).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Ingresa los 6 dígitos del código')).toBeInTheDocument();
    expect(cognito.confirmSignInWithTotp).not.toHaveBeenCalled();
  });

  it('"Volver" regresa al paso de la contraseña con el email ya escrito', async () => {
    const { user } = renderAuth('/auth?tab=admin');
    await signInAsAdmin(user);
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ana@cuota.cr');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
    expect(screen.queryByLabelText('Código de verificación')).not.toBeInTheDocument();
  });

  it('si la verificación expiró vuelve a la contraseña con "Error de autenticación"', async () => {
    cognito.confirmSignInWithTotp.mockRejectedValue(
      cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
    );
    const { user } = renderAuth('/auth?tab=admin');
    await user.type(await signInAsAdmin(user), '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    const item = (await screen.findByText('Error de autenticación')).closest('li')!;
    expect(within(item).getByText('La verificación expiró. Ingresa de nuevo tu email y contraseña.')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toBeInTheDocument();
  });

  it('en la pestaña de clientes el código lleva a /portal', async () => {
    cognito.confirmSignInWithTotp.mockResolvedValue();
    const { user, router } = renderAuth('/auth', []);
    await user.type(screen.getByLabelText('Email'), 'lucy@demo.cr');
    await user.type(screen.getByLabelText('Contraseña'), 'Cuota-Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await user.type(await screen.findByLabelText('Código de verificación'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
  });

  it('sin MFA entra directo, sin paso de código', async () => {
    cognito.signInWithPassword.mockResolvedValue('done');
    const { user, router } = renderAuth('/auth?tab=admin');
    await user.type(screen.getByLabelText('Email'), 'ana@cuota.cr');
    await user.type(screen.getByLabelText('Contraseña'), ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Acceder al Panel Admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientes'));
    expect(cognito.confirmSignInWithTotp).not.toHaveBeenCalled();
  });
});
