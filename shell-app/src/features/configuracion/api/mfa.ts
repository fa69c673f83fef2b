import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirmTotpSetup, disableTotp, hasTotp, identidadQueryKey, startTotpSetup } from '../../auth';

/** Per signed-in user: signing in or out empties the whole query cache (auth/lib/actions.ts). */
export const totpQueryKey = ['auth', 'totp'] as const;

/** Whether the signed-in user has TOTP on (Cognito GetUser through Amplify). */
export function useObtenerTotpActivo() {
  return useQuery({ queryKey: totpQueryKey, queryFn: hasTotp, retry: false });
}

/** AssociateSoftwareToken: a fresh secret for this enrolment (a new one replaces any earlier). */
export function useIniciarTotp() {
  return useMutation({ mutationFn: startTotpSetup });
}

export function useConfirmarTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotpSetup,
    onSuccess: () => {
      queryClient.setQueryData(totpQueryKey, true);
      // the session was refreshed (its token now says TOTP): what staff calls refused loads again
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] !== totpQueryKey[1] });
    },
  });
}

export function useDesactivarTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => {
      queryClient.setQueryData(totpQueryKey, false);
      // where staff MFA is required the renewed session no longer passes: /api/me says so (the header's bell goes)
      void queryClient.invalidateQueries({ queryKey: identidadQueryKey });
    },
  });
}
