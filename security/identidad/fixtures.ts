import { iniciarPila, type PilaLocal, type Respuesta, type UsuarioPila } from '../support/local-stack';

/** What both identity suites start from: the local stack, an administrator, and clients registered by staff. */

/** This run's suffix: e-mails and codes of one run never meet another's. */
export const suf = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A fresh cédula nacional for this run: 9 digits, province 5. */
export const cedula = () => `5${String((Date.now() + Math.floor(Math.random() * 1e6)) % 1e8).padStart(8, '0')}`;

/** A cédula as people type it: 5-4822-9094. */
export const conGuiones = (c: string) => `${c.slice(0, 1)}-${c.slice(1, 5)}-${c.slice(5)}`;

/** A client as staff register one (POST /api/clientes), with the identity and e-mail under test. */
export function cuerpoCliente(
  persona: { nombre: string; apellido: string },
  identidad_tipo: string,
  identidad_numero: string,
  email: string,
) {
  return {
    ...persona,
    identidad_tipo,
    identidad_numero,
    fecha_nacimiento: '1984-03-09',
    email,
    telefono: '+50688776655',
    direccion: 'Puntarenas, Esparza, 100 m sur del parque',
    ciudad: 'Puntarenas',
    pais: 'Costa Rica',
  };
}

export interface PilaConAdmin {
  pila: PilaLocal;
  admin: UsuarioPila;
  /** POST /api/clientes as the administrator. */
  crearCliente(body: unknown): Promise<Respuesta>;
}

/** The local stack with an administrator of this run (`admin.<etiqueta>.<suf>@prueba.cr`). */
export async function pilaConAdmin(etiqueta: string): Promise<PilaConAdmin> {
  const pila = await iniciarPila();
  const admin = await pila.crearUsuario({
    email: `admin.${etiqueta}.${suf}@prueba.cr`,
    nombre: 'Ada',
    apellido: 'Admin',
    grupos: ['admin'],
  });
  return { pila, admin, crearCliente: (body) => pila.api('POST', '/api/clientes', { token: admin.idToken, body }) };
}
