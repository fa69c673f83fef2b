import type { RegistroForm } from '@cuota/shared/schemas/registro';
import { renderConRutas } from '@cuota/shared/testing';
import { toast } from '@cuota/shared/ui';
import { ApiError } from '@cuota/shared/web';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from './auth-page';

const TEXTS_PASSWORD_COMMON = 'Esta contraseña es muy común y vulnerable. Por favor elige otra.';

const session = vi.hoisted(() => ({
  signIn: vi.fn<(email: string, password: string) => Promise<void>>(),
  signUp: vi.fn<(input: RegistroForm) => Promise<void>>(),
  signOut: vi.fn<() => Promise<void>>(),
  getIdToken: vi.fn<() => Promise<string | null>>(),
  precargarCognito: vi.fn(),
}));
vi.mock('../lib/session', () => session);

const registro = vi.hoisted(() => ({
  registrarCliente: vi.fn<(input: { nombre: string; apellido: string; telefono: string }) => Promise<unknown>>(),
}));
vi.mock('../api/registrar-cliente', () => registro);

const identity = vi.hoisted(() => ({ obtenerIdentidad: vi.fn() }));
vi.mock('../api/obtener-identidad', async (importOriginal) => {
  const original = await importOriginal<typeof import('../api/obtener-identidad')>();
  return {
    ...original,
    obtenerIdentidadQueryOptions: () => ({ queryKey: ['auth', 'identity'], queryFn: identity.obtenerIdentidad }),
  };
});

const STRONG = 'Xk9#mQ2$vL7@pR';

function renderAuth(url: string) {
  return renderConRutas(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/portal', element: <h1>Portal</h1> },
      { path: '/clientes', element: <h1>Clientes</h1> },
    ],
    url,
  );
}

function input(container: HTMLElement, name: string): HTMLInputElement {
  const element = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no input[name=${name}]`);
  return element;
}

async function fillRegistro(user: ReturnType<typeof userEvent.setup>, container: HTMLElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await user.type(input(container, name), value);
}

/** The sonner toast (an <li>) whose title is `title`. */
async function findToast(title: string): Promise<HTMLElement> {
  const item = (await screen.findByText(title)).closest('li');
  if (!item) throw new Error(`'${title}' is not inside a toast`);
  return item;
}

const validRegistro = { nombre: 'Ana', apellido: 'Mora', telefono: '+506 8888-8888', email: 'ana@example.com', password: STRONG };

/** The toast titled `title` is shown with `text` in it. */
async function esperarAviso(title: string, text: string) {
  expect(within(await findToast(title)).getByText(text)).toBeInTheDocument();
}

/** Types the registration form on /auth?tab=registro and sends it. */
async function registrar(values: Record<string, string>) {
  const vista = renderAuth('/auth?tab=registro');
  await fillRegistro(vista.user, vista.container, values);
  await vista.user.click(screen.getByRole('button', { name: 'Registrarse como Cliente' }));
  return vista;
}

/** Cognito accepts the sign-in and the identity is an admin's (admin@cuota.cr). */
function conSesionDeStaff() {
  session.signIn.mockResolvedValue();
  identity.obtenerIdentidad.mockResolvedValue({
    status: 'signed-in',
    me: { userId: 'u', email: 'admin@cuota.cr', nombre: null, apellido: null, roles: ['admin'], cliente: null },
  });
}

/** Signs in on a tab of /auth (the client's login or the admin panel) with the form's button. */
async function ingresar(tab: 'login' | 'admin', email: string, password: string) {
  const vista = renderAuth(tab === 'admin' ? '/auth?tab=admin' : '/auth');
  const [prefijo, boton] = tab === 'admin' ? ['admin', 'Acceder al Panel Admin'] : ['client_login', 'Iniciar Sesión'];
  await vista.user.type(input(vista.container, `${prefijo}_email`), email);
  await vista.user.type(input(vista.container, `${prefijo}_password`), password);
  await vista.user.click(screen.getByRole('button', { name: boton }));
  return vista;
}

beforeEach(() => {
  vi.clearAllMocks();
  // sonner keeps its toasts in module state: start every test without the previous ones.
  toast.dismissAll();
});

describe('pestañas de /auth', () => {
  it('abre la pestaña de login por defecto con sus campos', () => {
    const { container } = renderAuth('/auth');
    expect(screen.getByRole('heading', { name: 'Plataforma de Microfinanzas' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Iniciar Sesión' })).toHaveAttribute('aria-selected', 'true');
    expect(input(container, 'client_login_email')).toHaveAttribute('type', 'email');
    expect(input(container, 'client_login_email')).toBeRequired();
    expect(input(container, 'client_login_password')).toHaveAttribute('type', 'password');
    expect(input(container, 'client_login_password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toHaveAttribute('type', 'submit');
    // Amplify starts loading with the page, not when the form is sent
    expect(session.precargarCognito).toHaveBeenCalledTimes(1);
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('toma la pestaña inicial de ?tab=registro', () => {
    const { container } = renderAuth('/auth?tab=registro');
    expect(screen.getByRole('tab', { name: 'Registrarse' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['nombre', 'apellido', 'telefono', 'email', 'password']) expect(input(container, name)).toBeRequired();
    expect(input(container, 'email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Registrarse como Cliente' })).toBeInTheDocument();
    expect(container.querySelector('input[name="client_login_email"]')).toBeNull();
  });

  it('toma la pestaña inicial de ?tab=admin, con el aviso', () => {
    const { container } = renderAuth('/auth?tab=admin');
    expect(screen.getByRole('tab', { name: 'Admin Panel' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Solo para personal autorizado. Requiere credenciales de administrador.')).toBeInTheDocument();
    expect(input(container, 'admin_email')).toHaveAttribute('type', 'email');
    expect(input(container, 'admin_email')).toBeRequired();
    expect(input(container, 'admin_password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Acceder al Panel Admin' })).toBeInTheDocument();
  });

  it('usa login ante un ?tab= desconocido', () => {
    renderAuth('/auth?tab=otra');
    expect(screen.getByRole('tab', { name: 'Iniciar Sesión' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('registro', () => {
  it("avisa 'Contraseña no segura' con la primera regla y no llama a Cognito", async () => {
    await registrar({ ...validRegistro, password: 'corta1A!' });
    await esperarAviso('Contraseña no segura', 'La contraseña debe tener al menos 12 caracteres');
    expect(session.signUp).not.toHaveBeenCalled();
  });

  it('muestra la regla siguiente cuando el largo ya se cumple', async () => {
    await registrar({ ...validRegistro, password: 'sinmayusculas1!' });
    await esperarAviso('Contraseña no segura', 'Debe contener al menos una letra mayúscula');
  });

  it("avisa 'Teléfono inválido' con un número que no es de Costa Rica", async () => {
    await registrar({ ...validRegistro, telefono: '+1 555 1234567' });
    await esperarAviso('Teléfono inválido', 'Ingresa un número válido de Costa Rica (+506 8888-8888)');
    expect(session.signUp).not.toHaveBeenCalled();
  });

  it('muestra el medidor de fortaleza al escribir la contraseña', async () => {
    const { container, user } = renderAuth('/auth?tab=registro');
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    await user.type(input(container, 'password'), STRONG);
    expect(screen.getByRole('meter', { name: 'Fortaleza de la contraseña' })).toBeInTheDocument();
    expect(screen.getByText('Contraseña segura')).toBeInTheDocument();
  });

  it('registra, inicia sesión, crea el perfil y va a /portal', async () => {
    session.signUp.mockResolvedValue();
    session.signIn.mockResolvedValue();
    registro.registrarCliente.mockResolvedValue({});
    const { router } = await registrar(validRegistro);
    await esperarAviso('Registro exitoso', 'Tu cuenta ha sido creada. Iniciando sesión...');
    // the whole registration goes to the server (POST /api/auth/registro), phone normalised
    expect(session.signUp).toHaveBeenCalledWith({
      email: 'ana@example.com',
      password: STRONG,
      nombre: 'Ana',
      apellido: 'Mora',
      telefono: '+50688888888',
    });
    expect(session.signIn).toHaveBeenCalledWith('ana@example.com', STRONG);
    expect(registro.registrarCliente).toHaveBeenCalledWith({ nombre: 'Ana', apellido: 'Mora', telefono: '+50688888888' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
  });

  it('envía a Cognito el email canónico: mayúsculas, espacios y ancho completo son la misma cuenta', async () => {
    session.signUp.mockResolvedValue();
    session.signIn.mockResolvedValue();
    registro.registrarCliente.mockResolvedValue({});
    await registrar({ ...validRegistro, email: ' Ａna@Example.COM ' });
    await findToast('Registro exitoso');
    expect(session.signUp).toHaveBeenCalledWith(expect.objectContaining({ email: 'ana@example.com' }));
    expect(session.signIn).toHaveBeenCalledWith('ana@example.com', STRONG);
  });

  it.each(['Password123!', 'P@ssw0rd2026!'])(
    "rechaza %s, común, con 'Contraseña no segura' y no llama a Cognito",
    async (password) => {
      await registrar({ ...validRegistro, password });
      await esperarAviso('Contraseña no segura', 'Esta contraseña es muy común y vulnerable. Por favor elige otra.');
      expect(session.signUp).not.toHaveBeenCalled();
    },
  );

  it('rechaza una contraseña con espacios en los bordes y no llama a Cognito', async () => {
    await registrar({ ...validRegistro, password: ` ${STRONG} ` });
    await esperarAviso('Contraseña no segura', 'La contraseña no puede empezar ni terminar con un espacio');
    expect(session.signUp).not.toHaveBeenCalled();
  });

  it("avisa 'Usuario ya registrado' cuando el servidor responde 409 YA_REGISTRADO", async () => {
    session.signUp.mockRejectedValue(new ApiError(409, 'YA_REGISTRADO', 'Este email ya está registrado.'));
    const { router } = await registrar(validRegistro);
    await esperarAviso(
      'Usuario ya registrado',
      'Este email ya está registrado. Si eres administrador, usa el Panel Admin para iniciar sesión.',
    );
    expect(session.signIn).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByRole('button', { name: 'Registrarse como Cliente' })).toBeEnabled();
  });

  it('la contraseña que el servidor rechaza se avisa como contraseña no segura', async () => {
    session.signUp.mockRejectedValue(
      new ApiError(400, 'VALIDATION_ERROR', 'Datos inválidos', { password: TEXTS_PASSWORD_COMMON }),
    );
    await registrar(validRegistro);
    await esperarAviso('Contraseña no segura', TEXTS_PASSWORD_COMMON);
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it("avisa 'Error al crear perfil' si falla POST /api/portal/registro", async () => {
    session.signUp.mockResolvedValue();
    session.signIn.mockResolvedValue();
    registro.registrarCliente.mockRejectedValue(new Error('500'));
    await registrar(validRegistro);
    await esperarAviso(
      'Error al crear perfil',
      'Tu cuenta fue creada pero hubo un problema al crear el perfil. Por favor contacta al administrador.',
    );
  });
});

describe('inicio de sesión', () => {
  it("avisa 'Contraseña de administrador insuficiente' con menos de 16 caracteres", async () => {
    await ingresar('admin', 'admin@cuota.cr', 'Corta#12345');
    await esperarAviso(
      'Contraseña de administrador insuficiente',
      'Los administradores deben usar contraseñas de al menos 16 caracteres',
    );
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('lleva al staff a /clientes tras iniciar sesión', async () => {
    conSesionDeStaff();
    const { router } = await ingresar('admin', 'admin@cuota.cr', 'Admin#Segura2025!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientes'));
    expect(session.signIn).toHaveBeenCalledWith('admin@cuota.cr', 'Admin#Segura2025!');
  });

  it('inicia sesión con el email canónico aunque se escriba con mayúsculas, espacios o ancho completo', async () => {
    conSesionDeStaff();
    const { router } = await ingresar('admin', ' ＡDMIN@Cuota.CR ', 'Admin#Segura2025!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientes'));
    expect(session.signIn).toHaveBeenCalledWith('admin@cuota.cr', 'Admin#Segura2025!');
  });

  it("muestra 'Error de autenticación' y vuelve a habilitar el formulario", async () => {
    session.signIn.mockRejectedValue(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    const { container, router } = await ingresar('login', 'ana@example.com', 'equivocada');
    await esperarAviso('Error de autenticación', 'Email o contraseña incorrectos');
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
    expect(input(container, 'client_login_email')).toBeEnabled();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('demasiados intentos (429 TooManyRequestsException): una frase en español, no el texto del servicio', async () => {
    session.signIn.mockRejectedValue(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    await ingresar('login', 'ana@example.com', 'equivocada');
    await esperarAviso('Error de autenticación', 'Demasiados intentos. Espera unos minutos e intenta de nuevo.');
  });
});
