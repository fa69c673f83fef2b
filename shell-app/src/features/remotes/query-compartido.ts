/** What the shell provides to the remotes as `@tanstack/react-query` (see router-compartido.ts). */
export {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
