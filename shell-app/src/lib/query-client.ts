import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@cuota/shared/web';

/** One client for the whole page: the remotes render inside the shell's provider (react-query is a singleton). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers are final (missing record, no permission); retry only network and 5xx once.
        retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export const queryClient = createQueryClient();
