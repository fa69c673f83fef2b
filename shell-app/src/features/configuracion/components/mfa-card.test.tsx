import { toast, Toaster } from '@cuota/shared/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MfaCard } from './mfa-card';

// Only the Amplify wrapper is replaced; the card reaches it through auth's session module as in the app.
const cognito = vi.hoisted(() => ({
  hasTotp: vi.fn<() => Promise<boolean>>(),
  startTotpSetup: vi.fn<() => Promise<{ secret: string; uri: string }>>(),
  confirmTotpSetup: vi.fn<(code: string) => Promise<void>>(),
  disableTotp: vi.fn<() => Promise<void>>(),
}));
vi.mock('../../auth/lib/cognito', () => cognito);

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP = { secret: SECRET, uri: `otpauth://totp/Cuota:ana@cuota.cr?secret=${SECRET}&issuer=Cuota` };
const cognitoError = (name: string) => Object.assign(new Error(name), { name });

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MfaCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), card: screen.getByRole('region', { name: 'Verificación en dos pasos' }) };
}

async function findToast(title: string): Promise<HTMLElement> {
  const item = (await screen.findByText(title)).closest('li');
  if (!item) throw new Error(`'${title}' is not inside a toast`);
  return item;
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  toast.dismissAll();
});

describe('verificación en dos pasos (TOTP)', () => {
  it('muestra la carga y luego "Desactivada" con el botón para activarla', async () => {
    let answer: (value: boolean) => void = () => {};
    cognito.hasTotp.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { card } = renderCard();
    expect(card.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    answer(false);
    expect(await within(card).findByText('Desactivada')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Activar verificación en dos pasos' })).toBeEnabled();
    expect(card.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('activa: QR y clave por grupos, código mal formado, código incorrecto y luego el correcto', async () => {
    cognito.hasTotp.mockResolvedValue(false);
    cognito.startTotpSetup.mockResolvedValue(SETUP);
    const { user, card } = renderCard();
    await user.click(await within(card).findByRole('button', { name: 'Activar verificación en dos pasos' }));

    expect(await within(card).findByRole('img', { name: 'Código QR para tu app de autenticación' })).toBeInTheDocument();
    expect(within(card).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const code = within(card).getByLabelText('Código de verificación');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.type(code, '12345');
    await user.click(within(card).getByRole('button', { name: 'Verificar y activar' }));
    expect(await within(card).findByText('Ingresa los 6 dígitos del código')).toBeInTheDocument();
    expect(cognito.confirmTotpSetup).not.toHaveBeenCalled();

    // AWS answers a wrong first code with EnableSoftwareTokenMFAException, the emulator with CodeMismatchException.
    cognito.confirmTotpSetup.mockRejectedValueOnce(cognitoError('EnableSoftwareTokenMFAException'));
    await user.type(code, '9');
    await user.click(within(card).getByRole('button', { name: 'Verificar y activar' }));
    const incorrecto = 'Código incorrecto. Usa el código vigente de tu app de autenticación.';
    expect(await within(card).findByText(incorrecto)).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(incorrecto);

    cognito.confirmTotpSetup.mockRejectedValueOnce(cognitoError('CodeMismatchException'));
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(within(card).getByRole('button', { name: 'Verificar y activar' }));
    expect(await within(card).findByText(incorrecto)).toBeInTheDocument();

    cognito.confirmTotpSetup.mockResolvedValueOnce();
    await user.clear(code);
    await user.type(code, '482913');
    await user.click(within(card).getByRole('button', { name: 'Verificar y activar' }));
    const item = await findToast('Verificación en dos pasos activada');
    expect(within(item).getByText('Desde ahora te pediremos un código al iniciar sesión.')).toBeInTheDocument();
    expect(cognito.confirmTotpSetup).toHaveBeenLastCalledWith('482913');
    expect(await within(card).findByText('Activada')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Desactivar' })).toBeInTheDocument();
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
  });

  it('"Cancelar" abandona la configuración sin activar nada', async () => {
    cognito.hasTotp.mockResolvedValue(false);
    cognito.startTotpSetup.mockResolvedValue(SETUP);
    const { user, card } = renderCard();
    await user.click(await within(card).findByRole('button', { name: 'Activar verificación en dos pasos' }));
    await user.click(await within(card).findByRole('button', { name: 'Cancelar' }));
    expect(within(card).getByRole('button', { name: 'Activar verificación en dos pasos' })).toBeInTheDocument();
    expect(within(card).getByText('Desactivada')).toBeInTheDocument();
    expect(cognito.confirmTotpSetup).not.toHaveBeenCalled();
  });

  it('si Cognito no puede empezar la configuración lo avisa y sigue desactivada', async () => {
    cognito.hasTotp.mockResolvedValue(false);
    cognito.startTotpSetup.mockRejectedValue(new Error('network'));
    const { user, card } = renderCard();
    await user.click(await within(card).findByRole('button', { name: 'Activar verificación en dos pasos' }));
    await findToast('No se pudo actualizar la verificación en dos pasos');
    expect(within(card).getByRole('button', { name: 'Activar verificación en dos pasos' })).toBeEnabled();
  });

  it('desactiva tras confirmar en el diálogo; "Cancelar" la deja activa', async () => {
    cognito.hasTotp.mockResolvedValue(true);
    cognito.disableTotp.mockResolvedValue();
    const { user, card } = renderCard();
    expect(await within(card).findByText('Activada')).toBeInTheDocument();
    expect(within(card).getByText('Al iniciar sesión te pediremos el código de tu app de autenticación.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Desactivar' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Desactivar la verificación en dos pasos?' });
    expect(within(dialog).getByText('Tu cuenta quedará protegida solo por tu contraseña.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cognito.disableTotp).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: 'Desactivar' }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Desactivar la verificación en dos pasos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await findToast('Verificación en dos pasos desactivada');
    expect(cognito.disableTotp).toHaveBeenCalledTimes(1);
    expect(await within(card).findByText('Desactivada')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Activar verificación en dos pasos' })).toBeInTheDocument();
  });

  it('si no se puede consultar el estado ofrece reintentar', async () => {
    cognito.hasTotp.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(true);
    const { user, card } = renderCard();
    expect(await within(card).findByText('No se pudo consultar la verificación en dos pasos')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card).findByText('Activada')).toBeInTheDocument();
  });
});
