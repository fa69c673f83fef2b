/** The session API the rest of the shell uses; Amplify itself is imported lazily. */
const cognito = () => import('./cognito');

export async function getIdToken(): Promise<string | null> {
  return (await cognito()).idToken();
}

export async function signIn(email: string, password: string): Promise<void> {
  return (await cognito()).signInWithPassword(email, password);
}

export async function signUp(input: { email: string; password: string; nombre: string; apellido: string }): Promise<void> {
  return (await cognito()).signUpCliente(input);
}

export async function signOut(): Promise<void> {
  return (await cognito()).signOutUser();
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  return (await cognito()).changeOwnPassword(oldPassword, newPassword);
}
