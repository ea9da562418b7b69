/**
 * useMutation with TanStack Query's meaning for what the app uses (docs/decisions/020-own-query-module.md):
 * the hook's onSuccess/onError/onSettled run (and are waited for) before the mutation counts as
 * done, so a list it invalidates is read again by then; a call's own callbacks run after, and
 * only for the latest call of a component still on screen.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from './provider.tsx';
import { type Retry, type RetryDelay, withRetry } from './retry.ts';

export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVariables) => unknown;
}

export interface MutationOptions<TData, TVariables> extends MutationCallbacks<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  retry?: Retry;
  retryDelay?: RetryDelay;
}

/** By status, as TanStack Query's, so that `if (save.variables)` narrows the whole state. */
type MutationState<TData, TVariables> =
  | { status: 'idle'; data: undefined; error: null; variables: undefined }
  | { status: 'pending'; data: undefined; error: null; variables: TVariables }
  | { status: 'error'; data: undefined; error: Error; variables: TVariables }
  | { status: 'success'; data: TData; error: null; variables: TVariables };

const IDLE = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

type Flags<S extends string> = {
  [F in 'idle' | 'pending' | 'success' | 'error' as `is${Capitalize<F>}`]: F extends S ? true : false;
};

type MutationResult<TData, TVariables> = {
  [S in MutationState<TData, TVariables>['status']]: Extract<
    MutationState<TData, TVariables>,
    { status: S }
  > &
    Flags<S>;
}[MutationState<TData, TVariables>['status']] & {
  mutate: (variables: TVariables, callbacks?: MutationCallbacks<TData, TVariables>) => void;
  mutateAsync: (variables: TVariables, callbacks?: MutationCallbacks<TData, TVariables>) => Promise<TData>;
  reset: () => void;
};

export function useMutation<TData, TVariables = void>(
  options: MutationOptions<TData, TVariables>,
): MutationResult<TData, TVariables> {
  const defaults = useQueryClient().options.defaultOptions?.mutations;
  const [state, setState] = useState<MutationState<TData, TVariables>>(IDLE);
  const latest = useRef({ options, defaults, call: 0, mounted: true });
  latest.current.options = options;
  latest.current.defaults = defaults;
  useEffect(() => {
    const current = latest.current;
    current.mounted = true;
    return () => {
      current.mounted = false;
    };
  }, []);

  const mutateAsync = useCallback(
    async (variables: TVariables, callbacks?: MutationCallbacks<TData, TVariables>): Promise<TData> => {
      const current = latest.current;
      const call = ++current.call;
      const { options: hook, defaults: settings } = current;
      // A reset or a later call detaches this one: its outcome no longer reaches the component.
      const mine = () => current.mounted && current.call === call;
      const show = (next: MutationState<TData, TVariables>) => mine() && setState(next);
      show({ status: 'pending', data: undefined, error: null, variables });
      let data: TData;
      try {
        data = await withRetry(
          () => hook.mutationFn(variables),
          hook.retry ?? settings?.retry ?? 0,
          hook.retryDelay ?? settings?.retryDelay,
        );
        await hook.onSuccess?.(data, variables);
        await hook.onSettled?.(data, null, variables);
      } catch (caught) {
        const error = caught as Error;
        await hook.onError?.(error, variables);
        await hook.onSettled?.(undefined, error, variables);
        const told = mine();
        show({ status: 'error', data: undefined, error, variables });
        if (told) {
          callbacks?.onError?.(error, variables);
          callbacks?.onSettled?.(undefined, error, variables);
        }
        throw error;
      }
      const told = mine();
      show({ status: 'success', data, error: null, variables });
      if (told) {
        callbacks?.onSuccess?.(data, variables);
        callbacks?.onSettled?.(data, null, variables);
      }
      return data;
    },
    [],
  );
  // mutate never rejects: the failure is in the state, and in onError.
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutationCallbacks<TData, TVariables>) =>
      void mutateAsync(variables, callbacks).catch(() => {}),
    [mutateAsync],
  );
  const reset = useCallback(() => {
    latest.current.call++;
    setState(IDLE);
  }, []);

  return useMemo(() => {
    const { status } = state;
    const flags = {
      isIdle: status === 'idle',
      isPending: status === 'pending',
      isSuccess: status === 'success',
      isError: status === 'error',
    };
    return { ...state, ...flags, mutate, mutateAsync, reset } as MutationResult<TData, TVariables>;
  }, [state, mutate, mutateAsync, reset]);
}
